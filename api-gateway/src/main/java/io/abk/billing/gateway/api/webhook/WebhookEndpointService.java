package io.abk.billing.gateway.api.webhook;

import io.abk.billing.endpointguard.EndpointUrlGuard;
import io.abk.billing.endpointguard.EndpointUrlGuard.Verdict;
import io.abk.billing.gateway.api.CallerAudit;
import io.abk.billing.gateway.command.CommandIdentity;
import io.abk.billing.gateway.config.Now;
import io.abk.billing.gateway.controlplane.audit.AuditChanges;
import io.abk.billing.gateway.platform.ids.IdGenerator;
import io.abk.billing.gateway.platform.web.ApiException;
import io.abk.billing.gateway.platform.web.Caller;
import io.abk.billing.gateway.platform.web.IdLookup;
import io.abk.billing.gateway.platform.web.Page;
import io.abk.billing.gateway.platform.web.PageRequest;
import io.abk.billing.schemas.avro.Mode;
import io.abk.billing.schemas.ids.IdPrefix;
import io.abk.billing.schemas.ids.Ids;
import io.abk.billing.webhookverify.WebhookSecrets;
import io.abk.billing.webhookverify.sealing.SecretSealer;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import org.jspecify.annotations.Nullable;
import org.springframework.stereotype.Service;
import org.springframework.transaction.reactive.TransactionalOperator;
import reactor.core.publisher.Mono;
import reactor.core.scheduler.Schedulers;

/**
 * The merchant's webhook endpoints, scoped by the caller's merchant and mode. Each write and its audit entry
 * (actor: the API key id; never a secret) commit together. URLs pass the SSRF guard before anything is stored.
 * A create with an Idempotency-Key mints its id from the key, so a run of the same request again answers with
 * the stored endpoint (and its secret: same caller, same request) instead of creating a second one. Secrets are
 * stored sealed for their endpoint's row ({@link SecretSealer}); the plain secret is in the create and rotate answers,
 * and in a reveal, which the audit log records like a change.
 */
@Service
public class WebhookEndpointService {

    /** An endpoint with the secret to show once (create and rotation). */
    public record WithSecret(WebhookEndpoint endpoint, String secret) {}

    /** The secret that signs now, and until when the rotated-out one signs too (null when it no longer does). */
    public record CurrentSecret(String secret, @Nullable Instant previousSecretExpiresAt) {}

    static final String DISABLED_BY_MERCHANT = "disabled_by_merchant";
    /** The audit entries' target type. */
    private static final String TARGET_TYPE = "webhook_endpoint";

    private final WebhookEndpointRepository endpoints;
    private final DeliveryAttemptRepository attempts;
    private final EndpointUrlGuard guard;
    private final CallerAudit audit;
    private final IdGenerator ids;
    private final TransactionalOperator tx;
    private final Clock clock;
    private final SecretSealer sealer;

    public WebhookEndpointService(
            WebhookEndpointRepository endpoints,
            DeliveryAttemptRepository attempts,
            EndpointUrlGuard guard,
            CallerAudit audit,
            IdGenerator ids,
            TransactionalOperator tx,
            Clock clock,
            SecretSealer sealer) {
        this.sealer = sealer;
        this.endpoints = endpoints;
        this.attempts = attempts;
        this.guard = guard;
        this.audit = audit;
        this.ids = ids;
        this.tx = tx;
        this.clock = clock;
    }

    public Mono<WithSecret> create(Caller caller, EndpointRequest request, @Nullable CommandIdentity identity) {
        var id = ids.forRequest(identity).next(IdPrefix.WEBHOOK_ENDPOINT);
        return checkedUrl(request.url(), caller.mode()).flatMap(url -> {
            var now = Now.of(clock);
            var secret = WebhookSecrets.generate();
            var endpoint = new WebhookEndpoint(
                    id,
                    caller.merchantId(),
                    caller.mode(),
                    url,
                    request.enabledEvents(),
                    request.description(),
                    false,
                    null,
                    sealer.seal(secret, id),
                    null,
                    null,
                    now,
                    now);
            return endpoints
                    .insert(endpoint)
                    .flatMap(created -> audit.record(
                                    caller,
                                    now,
                                    "webhook_endpoint.created",
                                    TARGET_TYPE,
                                    id,
                                    Map.of("url", url, "enabledEvents", created.enabledEvents()))
                            .thenReturn(new WithSecret(created, secret)))
                    // Stored by an earlier run of this request: answer with it and the secret it stored.
                    .switchIfEmpty(Mono.defer(() -> endpoints
                            .find(caller.merchantId(), caller.mode(), id, false)
                            .map(stored -> new WithSecret(stored, sealer.open(stored.storedSecret(), id)))))
                    .as(tx::transactional);
        });
    }

    public Mono<WebhookEndpoint> get(Caller caller, String id) {
        return endpoint(caller, id, false);
    }

    public Mono<Page<WebhookEndpoint>> list(Caller caller, PageRequest page) {
        return endpoints.list(caller.merchantId(), caller.mode(), page);
    }

    /** The endpoint's delivery log, newest first; 404 unless the endpoint is the caller's and not deleted. */
    public Mono<Page<DeliveryAttempt>> deliveries(Caller caller, String id, PageRequest page) {
        return endpoint(caller, id, false).flatMap(endpoint -> attempts.list(endpoint.id(), page));
    }

    /** One attempt of the endpoint's delivery log; 404 unless both are the caller's and the endpoint is not deleted. */
    public Mono<DeliveryAttempt> delivery(Caller caller, String id, String attemptId) {
        return endpoint(caller, id, false)
                .flatMap(endpoint -> DeliveryAttempt.isWellFormedId(attemptId)
                        ? attempts.find(endpoint.id(), DeliveryAttempt.rowIdOf(attemptId))
                        : Mono.empty())
                .switchIfEmpty(ApiException.notFoundError("webhook delivery attempt", attemptId));
    }

    /**
     * The endpoint's signing secret as it signs now, opened from its sealed column, with an audit entry naming who saw
     * it (never the secret).
     */
    public Mono<CurrentSecret> revealSecret(Caller caller, String id) {
        return endpoint(caller, id, false)
                .flatMap(endpoint -> {
                    var now = Now.of(clock);
                    var previousUntil = endpoint.previousSecretExpiresAt();
                    var shown = new CurrentSecret(
                            sealer.open(endpoint.storedSecret(), id),
                            previousUntil != null && previousUntil.isAfter(now) ? previousUntil : null);
                    return audit.record(caller, now, "webhook_endpoint.secret_revealed", TARGET_TYPE, id, Map.of())
                            .thenReturn(shown);
                })
                .as(tx::transactional);
    }

    public Mono<WebhookEndpoint> update(Caller caller, String id, EndpointPatch patch) {
        var newUrl = patch.url().value();
        // Checked before the transaction: resolving a name must not hold a row lock.
        var url = newUrl == null ? Mono.<String>just("") : checkedUrl(newUrl, caller.mode());
        return url.flatMap(checked -> endpoint(caller, id, true)
                .flatMap(current -> {
                    var now = Now.of(clock);
                    boolean disabled = Objects.requireNonNull(patch.disabled().applyTo(current.disabled()));
                    var events = patch.enabledEvents().given()
                            ? Objects.requireNonNullElse(patch.enabledEvents().value(), List.<String>of())
                            : current.enabledEvents();
                    var next = new WebhookEndpoint(
                            current.id(),
                            current.merchantId(),
                            current.mode(),
                            newUrl == null ? current.url() : checked,
                            events,
                            patch.description().applyTo(current.description()),
                            disabled,
                            !disabled ? null : current.disabled() ? current.disabledReason() : DISABLED_BY_MERCHANT,
                            current.storedSecret(),
                            current.storedPreviousSecret(),
                            current.previousSecretExpiresAt(),
                            current.createdAt(),
                            now);
                    var changed = changes(current, next);
                    if (changed.isEmpty()) {
                        return Mono.just(current);
                    }
                    return endpoints
                            .update(next, now)
                            .flatMap(updated -> audit.record(
                                            caller, now, "webhook_endpoint.updated", TARGET_TYPE, id, changed)
                                    .thenReturn(updated));
                })
                .as(tx::transactional));
    }

    public Mono<Void> delete(Caller caller, String id) {
        var now = Now.of(clock);
        return (Ids.isWellFormed(IdPrefix.WEBHOOK_ENDPOINT, id)
                        ? endpoints.delete(caller.merchantId(), caller.mode(), id, now)
                        : Mono.just(false))
                .flatMap(deleted -> deleted
                        ? audit.record(caller, now, "webhook_endpoint.deleted", TARGET_TYPE, id, Map.of())
                        : ApiException.notFoundError("webhook endpoint", id))
                .as(tx::transactional);
    }

    /**
     * A new secret; the current one keeps signing for {@code overlap} (none when zero). The current one moves to the
     * previous column as it is stored (sealed for this same row), sealed again first if it is still plain or under a key
     * that no longer seals.
     */
    public Mono<WithSecret> rotateSecret(Caller caller, String id, Duration overlap) {
        return endpoint(caller, id, true)
                .flatMap(current -> {
                    var now = Now.of(clock);
                    var secret = WebhookSecrets.generate();
                    boolean keepOld = !overlap.isZero();
                    var next = new WebhookEndpoint(
                            current.id(),
                            current.merchantId(),
                            current.mode(),
                            current.url(),
                            current.enabledEvents(),
                            current.description(),
                            current.disabled(),
                            current.disabledReason(),
                            sealer.seal(secret, id),
                            keepOld ? sealer.resealed(current.storedSecret(), id) : null,
                            keepOld ? now.plus(overlap) : null,
                            current.createdAt(),
                            now);
                    return endpoints
                            .update(next, now)
                            .flatMap(updated -> audit.record(
                                            caller,
                                            now,
                                            "webhook_endpoint.secret_rotated",
                                            TARGET_TYPE,
                                            id,
                                            Map.of("overlapSeconds", overlap.toSeconds()))
                                    .thenReturn(new WithSecret(updated, secret)));
                })
                .as(tx::transactional);
    }

    /** The URL as given, once the guard allows it; DNS resolution runs off the event loop. */
    private Mono<String> checkedUrl(String url, Mode mode) {
        return Mono.fromCallable(() -> guard.check(url, mode == Mode.LIVE))
                .subscribeOn(Schedulers.boundedElastic())
                .map(verdict -> switch (verdict) {
                    case Verdict.Allowed allowed -> url;
                    case Verdict.Refused refused -> throw ApiException.invalid("url", refused.reason());
                });
    }

    private Mono<WebhookEndpoint> endpoint(Caller caller, String id, boolean forUpdate) {
        return IdLookup.find(
                IdPrefix.WEBHOOK_ENDPOINT,
                "webhook endpoint",
                id,
                wellFormed -> endpoints.find(caller.merchantId(), caller.mode(), wellFormed, forUpdate));
    }

    private static Map<String, @Nullable Object> changes(WebhookEndpoint before, WebhookEndpoint after) {
        return new AuditChanges()
                .field("url", before.url(), after.url())
                .field("enabledEvents", before.enabledEvents(), after.enabledEvents())
                .field("description", before.description(), after.description())
                .field("disabled", before.disabled(), after.disabled())
                .asMap();
    }
}
