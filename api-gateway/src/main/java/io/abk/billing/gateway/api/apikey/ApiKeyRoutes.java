package io.abk.billing.gateway.api.apikey;

import io.abk.billing.gateway.api.MemberOnly;
import io.abk.billing.gateway.command.idempotency.ShowsSecret;
import io.abk.billing.gateway.config.Now;
import io.abk.billing.gateway.controlplane.auth.ApiKeyJson;
import io.abk.billing.gateway.controlplane.auth.ApiKeyService;
import io.abk.billing.gateway.controlplane.auth.IssuedApiKey;
import io.abk.billing.gateway.platform.json.RequestFields;
import io.abk.billing.gateway.platform.web.Caller;
import io.abk.billing.gateway.platform.web.PageRequest;
import io.abk.billing.schemas.ids.IdPrefix;
import java.time.Clock;
import java.util.Map;
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

/**
 * {@code /v1/api_keys}: the keys of the caller's merchant in the caller's mode (shapes in docs/api.md, "API keys"),
 * as the operator's routes show them: never a hash, and a secret only in the answer that made it. Only a team member
 * may call them (through the dashboard, whose access table leaves writes to a developer); an API key is 403.
 */
@RestController
public class ApiKeyRoutes {

    private static final String REFUSAL = "API keys are managed in the dashboard, not with an API key";

    private final ApiKeyService keys;
    private final Clock clock;

    public ApiKeyRoutes(ApiKeyService keys, Clock clock) {
        this.keys = keys;
        this.clock = clock;
    }

    @GetMapping("/v1/api_keys")
    public Mono<Map<String, Object>> list(Caller caller, @RequestParam MultiValueMap<String, String> query) {
        return Mono.defer(() -> {
            MemberOnly.require(caller, REFUSAL);
            var page = PageRequest.from(query, IdPrefix.API_KEY);
            return keys.list(caller, page).map(found -> {
                var now = Now.of(clock);
                return found.map(key -> ApiKeyJson.apiKey(key, now)).body("apiKeys");
            });
        });
    }

    @PostMapping("/v1/api_keys")
    @ShowsSecret
    public Mono<ResponseEntity<Map<String, @Nullable Object>>> create(Caller caller) {
        return Mono.defer(() -> {
            MemberOnly.require(caller, REFUSAL);
            return keys.create(caller).map(this::issued);
        });
    }

    /** A new key of the same mode; the old one is served for {@code graceSeconds} more, as the operator's rotation. */
    @PostMapping("/v1/api_keys/{id}/rotate")
    @ShowsSecret
    public Mono<ResponseEntity<Map<String, @Nullable Object>>> rotate(
            Caller caller, @PathVariable String id, @RequestBody(required = false) @Nullable JsonNode body) {
        return Mono.defer(() -> {
            MemberOnly.require(caller, REFUSAL);
            var grace = RequestFields.of(body)
                    .optionalInt("graceSeconds", 0, ApiKeyService.MAX_GRACE_SECONDS)
                    .orElse(ApiKeyService.DEFAULT_GRACE_SECONDS);
            return keys.rotate(caller, id, grace).map(this::issued);
        });
    }

    @PostMapping("/v1/api_keys/{id}/revoke")
    public Mono<Map<String, Object>> revoke(Caller caller, @PathVariable String id) {
        return Mono.defer(() -> {
            MemberOnly.require(caller, REFUSAL);
            return keys.revoke(caller, id).map(key -> Map.of("apiKey", ApiKeyJson.apiKey(key, Now.of(clock))));
        });
    }

    private ResponseEntity<Map<String, @Nullable Object>> issued(IssuedApiKey issued) {
        return ResponseEntity.status(HttpStatus.CREATED).body(ApiKeyJson.issued(issued, Now.of(clock)));
    }
}
