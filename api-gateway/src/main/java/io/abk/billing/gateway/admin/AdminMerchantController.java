package io.abk.billing.gateway.admin;

import io.abk.billing.gateway.auth.Operator;
import io.abk.billing.gateway.json.RequestFields;
import io.abk.billing.gateway.merchant.Merchant;
import io.abk.billing.gateway.merchant.MerchantJson;
import io.abk.billing.gateway.merchant.MerchantPatch;
import io.abk.billing.gateway.merchant.MerchantRequest;
import io.abk.billing.gateway.merchant.MerchantService;
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
public class AdminMerchantController {

    private final MerchantService merchants;

    public AdminMerchantController(MerchantService merchants) {
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
        return merchants.get(id).map(AdminMerchantController::wrap);
    }

    @PatchMapping("/{id}")
    public Mono<Map<String, Object>> update(
            Operator operator, @PathVariable String id, @RequestBody(required = false) @Nullable JsonNode body) {
        var patch = MerchantPatch.parse(RequestFields.of(body));
        return merchants.update(operator.actor(), id, patch).map(AdminMerchantController::wrap);
    }

    private static Map<String, Object> wrap(Merchant merchant) {
        return Map.of("merchant", MerchantJson.merchant(merchant));
    }
}
