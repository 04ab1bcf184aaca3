package io.abk.billing.gateway.api.webhook;

import io.abk.billing.gateway.api.webhook.WebhookEndpointService.WithSecret;
import io.abk.billing.gateway.command.CommandIdentity;
import io.abk.billing.gateway.command.idempotency.ShowsSecret;
import io.abk.billing.gateway.config.Now;
import io.abk.billing.gateway.platform.json.RequestFields;
import io.abk.billing.gateway.platform.web.Caller;
import io.abk.billing.gateway.platform.web.PageRequest;
import io.abk.billing.schemas.ids.IdPrefix;
import io.abk.billing.schemas.render.ApiJson;
import java.time.Clock;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import org.jspecify.annotations.Nullable;
import org.springframework.http.CacheControl;
import org.springframework.http.HttpStatus;
import org.springframework.http.ResponseEntity;
import org.springframework.util.MultiValueMap;
import org.springframework.web.bind.annotation.DeleteMapping;
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
 * The merchant's webhook endpoint routes (shapes in docs/api.md, "Webhook endpoints"), in the API key's mode. The
 * signing secret is in the create and rotate responses and in its own audited read, never in an endpoint's.
 */
@RestController
public class WebhookEndpointRoutes {

    /** How long a rotated-out secret keeps signing by default (the rotation's overlap), and at most. */
    static final int DEFAULT_OVERLAP_SECONDS = 86_400;

    static final int MAX_OVERLAP_SECONDS = 7 * 86_400;

    private final WebhookEndpointService service;
    private final Clock clock;

    public WebhookEndpointRoutes(WebhookEndpointService service, Clock clock) {
        this.service = service;
        this.clock = clock;
    }

    @PostMapping("/v1/webhook_endpoints")
    @ShowsSecret
    public Mono<ResponseEntity<Map<String, @Nullable Object>>> create(
            Caller caller, @RequestBody(required = false) @Nullable JsonNode body, ServerWebExchange exchange) {
        var request = EndpointRequest.parse(RequestFields.of(body));
        return service.create(caller, request, CommandIdentity.of(exchange).orElse(null))
                .map(created -> ResponseEntity.status(HttpStatus.CREATED).body(withSecret(created)));
    }

    @GetMapping("/v1/webhook_endpoints")
    public Mono<Map<String, Object>> list(Caller caller, @RequestParam MultiValueMap<String, String> query) {
        var page = PageRequest.from(query, IdPrefix.WEBHOOK_ENDPOINT);
        var now = Now.of(clock);
        return service.list(caller, page)
                .map(found -> found.map(e -> WebhookJson.endpoint(e, now)).body("webhookEndpoints"));
    }

    @GetMapping("/v1/webhook_endpoints/{id}")
    public Mono<Map<String, Object>> get(Caller caller, @PathVariable String id) {
        return service.get(caller, id).map(this::wrap);
    }

    /** The endpoint's delivery attempts, newest first, in pages of {@code wha_} ids. */
    @GetMapping("/v1/webhook_endpoints/{id}/deliveries")
    public Mono<Map<String, Object>> deliveries(
            Caller caller, @PathVariable String id, @RequestParam MultiValueMap<String, String> query) {
        var page = PageRequest.from(query, DeliveryAttempt::isWellFormedId, DeliveryAttempt.ID_PREFIX);
        return service.deliveries(caller, id, page)
                .map(found -> found.map(WebhookJson::attempt).body("deliveries"));
    }

    @PatchMapping("/v1/webhook_endpoints/{id}")
    public Mono<Map<String, Object>> update(
            Caller caller, @PathVariable String id, @RequestBody(required = false) @Nullable JsonNode body) {
        var patch = EndpointPatch.parse(RequestFields.of(body));
        return service.update(caller, id, patch).map(this::wrap);
    }

    @DeleteMapping("/v1/webhook_endpoints/{id}")
    public Mono<Map<String, Object>> delete(Caller caller, @PathVariable String id) {
        return service.delete(caller, id).then(Mono.fromSupplier(() -> {
            var json = new LinkedHashMap<String, Object>();
            json.put("id", id);
            json.put("deleted", true);
            return json;
        }));
    }

    /** The signing secret as it signs now: never cached, and recorded in the audit log as seen. */
    @GetMapping("/v1/webhook_endpoints/{id}/secret")
    @ShowsSecret
    public Mono<ResponseEntity<Map<String, @Nullable Object>>> secret(Caller caller, @PathVariable String id) {
        return service.revealSecret(caller, id).map(shown -> {
            var json = new LinkedHashMap<String, @Nullable Object>();
            json.put("secret", shown.secret());
            json.put("previousSecretExpiresAt", ApiJson.timestamp(shown.previousSecretExpiresAt()));
            return ResponseEntity.ok().cacheControl(CacheControl.noStore()).body(json);
        });
    }

    @PostMapping("/v1/webhook_endpoints/{id}/rotate_secret")
    @ShowsSecret
    public Mono<Map<String, @Nullable Object>> rotateSecret(
            Caller caller, @PathVariable String id, @RequestBody(required = false) @Nullable JsonNode body) {
        int overlap = RequestFields.of(body)
                .optionalInt("overlapSeconds", 0, MAX_OVERLAP_SECONDS)
                .orElse(DEFAULT_OVERLAP_SECONDS);
        return service.rotateSecret(caller, id, Duration.ofSeconds(overlap)).map(this::withSecret);
    }

    private Map<String, Object> wrap(WebhookEndpoint endpoint) {
        return Map.of("webhookEndpoint", WebhookJson.endpoint(endpoint, Now.of(clock)));
    }

    private Map<String, @Nullable Object> withSecret(WithSecret result) {
        var json = new LinkedHashMap<String, @Nullable Object>();
        json.put("webhookEndpoint", WebhookJson.endpoint(result.endpoint(), Now.of(clock)));
        json.put("secret", result.secret());
        return json;
    }
}
