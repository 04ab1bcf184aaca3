package io.abk.billing.gateway.operator.admin;

import io.abk.billing.gateway.command.idempotency.ShowsSecret;
import io.abk.billing.gateway.controlplane.auth.ApiKeyFormat;
import io.abk.billing.gateway.controlplane.auth.ApiKeyJson;
import io.abk.billing.gateway.controlplane.auth.ApiKeyService;
import io.abk.billing.gateway.controlplane.auth.Operator;
import io.abk.billing.gateway.platform.json.RequestFields;
import io.abk.billing.gateway.platform.web.ApiException;
import io.abk.billing.gateway.platform.web.PageRequest;
import io.abk.billing.schemas.ids.IdPrefix;
import java.time.Clock;
import java.util.Map;
import java.util.Set;
import org.jspecify.annotations.Nullable;
import org.springframework.http.HttpStatus;
import org.springframework.http.ResponseEntity;
import org.springframework.util.MultiValueMap;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;
import reactor.core.publisher.Mono;
import tools.jackson.databind.JsonNode;

/** API keys of merchants: issue one per mode, list, rotate with a grace period, revoke. */
@RestController
public class AdminApiKeyRoutes {

    private final ApiKeyService keys;
    private final Clock clock;

    public AdminApiKeyRoutes(ApiKeyService keys, Clock clock) {
        this.keys = keys;
        this.clock = clock;
    }

    @PostMapping("/admin/v1/merchants/{merchantId}/api_keys")
    @ShowsSecret
    public Mono<ResponseEntity<Map<String, @Nullable Object>>> create(
            Operator operator,
            @PathVariable String merchantId,
            @RequestBody(required = false) @Nullable JsonNode body) {
        var fields = RequestFields.of(body);
        var mode = fields.optionalOneOf("mode", Set.of("test", "live"))
                .orElseThrow(() -> ApiException.invalid("mode", "mode is required: test or live"));
        return keys.create(operator.actor(), merchantId, ApiKeyFormat.parseMode(mode))
                .map(issued ->
                        ResponseEntity.status(HttpStatus.CREATED).body(ApiKeyJson.issued(issued, clock.instant())));
    }

    @GetMapping("/admin/v1/merchants/{merchantId}/api_keys")
    public Mono<Map<String, Object>> list(
            Operator operator, @PathVariable String merchantId, @RequestParam MultiValueMap<String, String> query) {
        var page = PageRequest.from(query, IdPrefix.API_KEY);
        return keys.list(merchantId, page).map(found -> {
            var now = clock.instant();
            return found.map(key -> ApiKeyJson.apiKey(key, now)).body("apiKeys");
        });
    }

    @PostMapping("/admin/v1/api_keys/{id}/rotate")
    @ShowsSecret
    public Mono<Map<String, @Nullable Object>> rotate(
            Operator operator, @PathVariable String id, @RequestBody(required = false) @Nullable JsonNode body) {
        var grace = RequestFields.of(body)
                .optionalInt("graceSeconds", 0, ApiKeyService.MAX_GRACE_SECONDS)
                .orElse(ApiKeyService.DEFAULT_GRACE_SECONDS);
        return keys.rotate(operator.actor(), id, grace).map(issued -> ApiKeyJson.issued(issued, clock.instant()));
    }

    @PostMapping("/admin/v1/api_keys/{id}/revoke")
    public Mono<Map<String, Object>> revoke(Operator operator, @PathVariable String id) {
        return keys.revoke(operator.actor(), id).map(key -> Map.of("apiKey", ApiKeyJson.apiKey(key, clock.instant())));
    }
}
