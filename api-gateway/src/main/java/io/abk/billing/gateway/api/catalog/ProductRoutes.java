package io.abk.billing.gateway.api.catalog;

import io.abk.billing.gateway.api.catalog.CatalogService.ProductView;
import io.abk.billing.gateway.command.CommandIdentity;
import io.abk.billing.gateway.platform.json.RequestFields;
import io.abk.billing.gateway.platform.web.ApiException;
import io.abk.billing.gateway.platform.web.Caller;
import io.abk.billing.gateway.platform.web.PageRequest;
import io.abk.billing.schemas.ids.IdPrefix;
import java.util.Map;
import org.jspecify.annotations.Nullable;
import org.springframework.http.HttpStatus;
import org.springframework.http.ResponseEntity;
import org.springframework.util.MultiValueMap;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PatchMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;
import org.springframework.web.server.ServerWebExchange;
import reactor.core.publisher.Mono;
import tools.jackson.databind.JsonNode;

/**
 * The catalog routes of the merchant API: products and their prices, in the API key's mode. The creates hand the
 * request's idempotency identity (if it has an Idempotency-Key) to the service, which mints their ids from it.
 */
@RestController
public class ProductRoutes {

    private final CatalogService catalog;

    public ProductRoutes(CatalogService catalog) {
        this.catalog = catalog;
    }

    @GetMapping("/v1/products")
    public Mono<Map<String, Object>> list(Caller caller, @RequestParam MultiValueMap<String, String> query) {
        var page = PageRequest.from(query, IdPrefix.PRODUCT);
        return catalog.listActive(caller, page)
                .map(found -> found.map(ProductRoutes::render).body("products"));
    }

    @PostMapping("/v1/products")
    public Mono<ResponseEntity<Map<String, Object>>> create(
            Caller caller, @RequestBody(required = false) @Nullable JsonNode body, ServerWebExchange exchange) {
        var request = ProductRequest.parse(RequestFields.of(body));
        return catalog.createProduct(
                        caller, request, CommandIdentity.of(exchange).orElse(null))
                .map(view -> ResponseEntity.status(HttpStatus.CREATED).body(wrap(view)));
    }

    @GetMapping("/v1/products/{id}")
    public Mono<Map<String, Object>> get(Caller caller, @PathVariable String id) {
        return catalog.getProduct(caller, id).map(ProductRoutes::wrap);
    }

    @PatchMapping("/v1/products/{id}")
    public Mono<Map<String, Object>> update(
            Caller caller, @PathVariable String id, @RequestBody(required = false) @Nullable JsonNode body) {
        var patch = ProductPatch.parse(RequestFields.of(body));
        return catalog.updateProduct(caller, id, patch).map(ProductRoutes::wrap);
    }

    @PostMapping("/v1/products/{id}/prices")
    public Mono<ResponseEntity<Map<String, Object>>> createPrice(
            Caller caller,
            @PathVariable String id,
            @RequestBody(required = false) @Nullable JsonNode body,
            ServerWebExchange exchange) {
        var request = PriceRequest.parse(RequestFields.of(body));
        return catalog.createPrice(
                        caller, id, request, CommandIdentity.of(exchange).orElse(null))
                .map(price ->
                        ResponseEntity.status(HttpStatus.CREATED).body(Map.of("price", CatalogJson.price(price))));
    }

    @PatchMapping("/v1/prices/{id}")
    public Mono<Map<String, Object>> updatePrice(
            Caller caller, @PathVariable String id, @RequestBody(required = false) @Nullable JsonNode body) {
        var active = RequestFields.of(body)
                .optionalBoolean("active")
                .orElseThrow(() -> ApiException.invalid("active", "active is required: true or false"));
        return catalog.setPriceActive(caller, id, active).map(price -> Map.of("price", CatalogJson.price(price)));
    }

    private static Map<String, Object> wrap(ProductView view) {
        return Map.of("product", render(view));
    }

    private static Map<String, @Nullable Object> render(ProductView view) {
        return CatalogJson.product(view.product(), view.prices());
    }
}
