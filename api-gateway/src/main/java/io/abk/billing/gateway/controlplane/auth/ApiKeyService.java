package io.abk.billing.gateway.controlplane.auth;

import io.abk.billing.gateway.config.Now;
import io.abk.billing.gateway.controlplane.audit.AuditLog;
import io.abk.billing.gateway.controlplane.merchant.MerchantService;
import io.abk.billing.gateway.platform.ids.IdGenerator;
import io.abk.billing.gateway.platform.web.ApiException;
import io.abk.billing.gateway.platform.web.Caller;
import io.abk.billing.gateway.platform.web.ErrorCodes;
import io.abk.billing.gateway.platform.web.IdLookup;
import io.abk.billing.gateway.platform.web.Page;
import io.abk.billing.gateway.platform.web.PageRequest;
import io.abk.billing.schemas.avro.Mode;
import io.abk.billing.schemas.ids.IdPrefix;
import io.abk.billing.schemas.render.ApiJson;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.Predicate;
import org.jspecify.annotations.Nullable;
import org.springframework.stereotype.Service;
import org.springframework.transaction.reactive.TransactionalOperator;
import reactor.core.publisher.Mono;

/**
 * Issuing, rotating and revoking API keys, by the operator (any merchant's) or by a team member through the
 * dashboard (their merchant's keys of their mode only), each change audited in the same transaction, naming who made
 * it, and dropped from this process's key cache once committed.
 */
@Service
public class ApiKeyService {

    /** The longest grace period a rotation may give the old key: one week. */
    public static final int MAX_GRACE_SECONDS = 7 * 24 * 3600;

    public static final int DEFAULT_GRACE_SECONDS = 24 * 3600;

    private final ApiKeyRepository keys;
    private final MerchantService merchants;
    private final AuditLog audit;
    private final ApiKeyAuthenticator authenticator;
    private final IdGenerator ids;
    private final TransactionalOperator tx;
    private final Clock clock;

    public ApiKeyService(
            ApiKeyRepository keys,
            MerchantService merchants,
            AuditLog audit,
            ApiKeyAuthenticator authenticator,
            IdGenerator ids,
            TransactionalOperator tx,
            Clock clock) {
        this.keys = keys;
        this.merchants = merchants;
        this.audit = audit;
        this.authenticator = authenticator;
        this.ids = ids;
        this.tx = tx;
        this.clock = clock;
    }

    public Mono<IssuedApiKey> create(String actor, String merchantId, Mode mode) {
        var now = Now.of(clock);
        return merchants
                .get(merchantId)
                .flatMap(merchant -> issue(actor, merchant.id(), mode, ApiKeyFormat.generate(mode), null, now))
                .as(tx::transactional);
    }

    public Mono<Page<StoredApiKey>> list(String merchantId, PageRequest page) {
        return merchants.get(merchantId).flatMap(merchant -> keys.listForMerchant(merchant.id(), page));
    }

    /**
     * A team member's new key (through the dashboard): of their merchant and mode, the member named as its creator.
     */
    public Mono<IssuedApiKey> create(Caller caller) {
        return create(caller.actorId(), caller.merchantId(), caller.mode());
    }

    /** The keys of the caller's merchant in the caller's mode, newest first. */
    public Mono<Page<StoredApiKey>> list(Caller caller, PageRequest page) {
        return keys.listForMerchant(caller.merchantId(), caller.mode(), page);
    }

    /** A key of the caller's merchant and mode; another merchant's or mode's is 404, like an unknown id. */
    public Mono<StoredApiKey> get(Caller caller, String keyId) {
        var visible = ownedBy(caller);
        return IdLookup.find(
                IdPrefix.API_KEY, "API key", keyId, id -> keys.find(id).filter(visible));
    }

    /**
     * A new key for the same merchant and mode; the old one keeps working until now + grace (or its earlier
     * expiry, if it was already rotated). A revoked or expired key cannot be rotated.
     */
    public Mono<IssuedApiKey> rotate(String actor, String keyId, int graceSeconds) {
        return rotate(actor, keyId, graceSeconds, key -> true);
    }

    /** As {@link #rotate(String, String, int)}, by a team member: of a key of their merchant and mode only. */
    public Mono<IssuedApiKey> rotate(Caller caller, String keyId, int graceSeconds) {
        return rotate(caller.actorId(), keyId, graceSeconds, ownedBy(caller));
    }

    private Mono<IssuedApiKey> rotate(String actor, String keyId, int graceSeconds, Predicate<StoredApiKey> visible) {
        var now = Now.of(clock);
        var graceEnd = now.plus(Duration.ofSeconds(graceSeconds));
        return findForUpdate(keyId, visible)
                .flatMap(old -> {
                    if (!old.isUsableAt(now)) {
                        return Mono.error(ApiException.badRequest(
                                ErrorCodes.API_KEY_INACTIVE,
                                "API key " + keyId + " is " + old.status(now) + " and cannot be rotated"));
                    }
                    var expiresAt =
                            old.expiresAt() != null && old.expiresAt().isBefore(graceEnd) ? old.expiresAt() : graceEnd;
                    return issue(actor, old.merchantId(), old.mode(), ApiKeyFormat.generate(old.mode()), old.id(), now)
                            .flatMap(fresh -> keys.setExpiry(old.id(), expiresAt)
                                    .flatMap(expiring -> audit.record(
                                            now,
                                            actor,
                                            "api_key.rotated",
                                            target(expiring),
                                            Map.of(
                                                    "replacedBy",
                                                    fresh.key().id(),
                                                    "graceSeconds",
                                                    graceSeconds,
                                                    "expiresAt",
                                                    ApiJson.timestamp(expiresAt))))
                                    .thenReturn(fresh));
                })
                .as(tx::transactional)
                .doOnSuccess(issued -> authenticator.invalidate(keyId));
    }

    /** Revokes at once; revoking a revoked key changes nothing and answers the same. */
    public Mono<StoredApiKey> revoke(String actor, String keyId) {
        return revoke(actor, keyId, key -> true);
    }

    /** As {@link #revoke(String, String)}, by a team member: of a key of their merchant and mode only. */
    public Mono<StoredApiKey> revoke(Caller caller, String keyId) {
        return revoke(caller.actorId(), keyId, ownedBy(caller));
    }

    private Mono<StoredApiKey> revoke(String actor, String keyId, Predicate<StoredApiKey> visible) {
        var now = Now.of(clock);
        return findForUpdate(keyId, visible)
                .flatMap(key -> key.revokedAt() != null
                        ? Mono.just(key)
                        : keys.revoke(key.id(), now)
                                .flatMap(revoked -> audit.record(
                                                now,
                                                actor,
                                                "api_key.revoked",
                                                target(revoked),
                                                Map.of("hint", revoked.hint()))
                                        .thenReturn(revoked)))
                .as(tx::transactional)
                .doOnSuccess(revoked -> authenticator.invalidate(keyId));
    }

    /**
     * Makes sure a configured key (the demo merchant's) exists for this merchant, usable; fails with a clear
     * message when it belongs to another merchant or was revoked or expired. The key itself is never logged.
     */
    public Mono<StoredApiKey> ensureConfigured(String actor, String merchantId, String key, String setting) {
        var now = Now.of(clock);
        var row = newKey(merchantId, ApiKeyFormat.modeOf(key), key, null, now);
        return keys.insertIfAbsent(row)
                .flatMap(inserted -> recordCreated(actor, inserted, now))
                .switchIfEmpty(Mono.defer(() -> keys.findByHash(row.keyHash())))
                .flatMap(existing -> {
                    if (!existing.merchantId().equals(merchantId)) {
                        return Mono.error(new IllegalStateException(setting + " is already the key " + existing.id()
                                + " of another merchant (" + existing.merchantId() + "); configure a different key"));
                    }
                    if (!existing.isUsableAt(now)) {
                        return Mono.error(new IllegalStateException(setting + " is the key " + existing.id()
                                + ", which is " + existing.status(now) + "; configure a new key"));
                    }
                    return Mono.just(existing);
                })
                .as(tx::transactional);
    }

    private Mono<IssuedApiKey> issue(
            String actor, String merchantId, Mode mode, String secret, @Nullable String rotatedFrom, Instant now) {
        return keys.insert(newKey(merchantId, mode, secret, rotatedFrom, now))
                .flatMap(inserted -> recordCreated(actor, inserted, now))
                .map(inserted -> new IssuedApiKey(inserted, secret));
    }

    /** The row of a new key: the hash and hint of {@code secret}, created {@code now}, neither expiring nor revoked. */
    private StoredApiKey newKey(
            String merchantId, Mode mode, String secret, @Nullable String rotatedFrom, Instant now) {
        return new StoredApiKey(
                ids.next(IdPrefix.API_KEY),
                merchantId,
                mode,
                ApiKeyFormat.hash(secret),
                ApiKeyFormat.hint(secret),
                now,
                null,
                null,
                rotatedFrom,
                null);
    }

    private Mono<StoredApiKey> recordCreated(String actor, StoredApiKey inserted, Instant now) {
        return audit.record(now, actor, "api_key.created", target(inserted), created(inserted))
                .thenReturn(inserted);
    }

    /** The key, locked; one {@code visible} does not keep is 404, like an unknown id. */
    private Mono<StoredApiKey> findForUpdate(String keyId, Predicate<StoredApiKey> visible) {
        return IdLookup.find(
                IdPrefix.API_KEY, "API key", keyId, id -> keys.findForUpdate(id).filter(visible));
    }

    private static Predicate<StoredApiKey> ownedBy(Caller caller) {
        return key -> key.merchantId().equals(caller.merchantId()) && key.mode() == caller.mode();
    }

    private static AuditLog.Target target(StoredApiKey key) {
        return new AuditLog.Target("api_key", key.id(), key.merchantId(), ApiKeyFormat.modeText(key.mode()));
    }

    private static Map<String, @Nullable Object> created(StoredApiKey key) {
        var details = new LinkedHashMap<String, @Nullable Object>();
        details.put("mode", ApiKeyFormat.modeText(key.mode()));
        details.put("hint", key.hint());
        details.put("rotatedFromId", key.rotatedFromId());
        return details;
    }
}
