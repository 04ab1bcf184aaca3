package io.abk.billing.gateway.operator.admin;

import io.abk.billing.gateway.controlplane.auth.Operator;
import io.abk.billing.gateway.controlplane.merchant.Merchant;
import io.abk.billing.gateway.controlplane.merchant.MerchantJson;
import io.abk.billing.gateway.controlplane.merchant.MerchantPatch;
import io.abk.billing.gateway.controlplane.merchant.MerchantRequest;
import io.abk.billing.gateway.controlplane.merchant.MerchantService;
import io.abk.billing.gateway.platform.json.RequestFields;
import java.util.Map;
import org.jspecify.annotations.Nullable;
import org.springframework.http.HttpStatus;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PatchMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RestController;
import reactor.core.publisher.Mono;
import tools.jackson.databind.JsonNode;

/** {@code /admin/v1/merchants}: create, read and change merchants. */
@RestController
@RequestMapping("/admin/v1/merchants")
public class AdminMerchantRoutes {

    private final MerchantService merchants;

    public AdminMerchantRoutes(MerchantService merchants) {
        this.merchants = merchants;
    }

    @PostMapping
    public Mono<ResponseEntity<Map<String, Object>>> create(
            Operator operator, @RequestBody(required = false) @Nullable JsonNode body) {
        var request = MerchantRequest.parse(RequestFields.of(body));
        return merchants
                .create(operator.actor(), request)
                .map(merchant -> ResponseEntity.status(HttpStatus.CREATED).body(wrap(merchant)));
    }

    @GetMapping("/{id}")
    public Mono<Map<String, Object>> get(Operator operator, @PathVariable String id) {
        return merchants.get(id).map(AdminMerchantRoutes::wrap);
    }

    @PatchMapping("/{id}")
    public Mono<Map<String, Object>> update(
            Operator operator, @PathVariable String id, @RequestBody(required = false) @Nullable JsonNode body) {
        var patch = MerchantPatch.parse(RequestFields.of(body));
        return merchants.update(operator.actor(), id, patch).map(AdminMerchantRoutes::wrap);
    }

    private static Map<String, Object> wrap(Merchant merchant) {
        return Map.of("merchant", MerchantJson.merchant(merchant));
    }
}
