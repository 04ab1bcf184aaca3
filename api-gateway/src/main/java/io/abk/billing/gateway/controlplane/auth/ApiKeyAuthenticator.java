package io.abk.billing.gateway.controlplane.auth;

import io.abk.billing.gateway.config.BillingProperties;
import io.abk.billing.gateway.platform.cache.ExpiringCache;
import io.abk.billing.gateway.platform.web.ApiException;
import io.abk.billing.gateway.platform.web.Caller;
import io.abk.billing.gateway.platform.web.ErrorCodes;
import java.security.MessageDigest;
import java.time.Clock;
import java.util.HexFormat;
import org.jspecify.annotations.Nullable;
import org.springframework.stereotype.Component;
import reactor.core.publisher.Mono;

/**
 * Turns a presented API key into its {@link Caller}, or a 401 {@code authentication_error}: missing,
 * malformed, unknown, expired (a rotated key past its grace period) and revoked keys are all refused. A key let in is
 * recorded as used ({@link ApiKeyUsage}: in memory, written at most once a minute).
 */
@Component
public class ApiKeyAuthenticator {

    /** Far above the keys one replica serves within a few seconds. */
    static final int CACHE_MAX_ENTRIES = 10_000;

    private final ApiKeyRepository keys;
    /**
     * Found keys by hex hash, for {@code billing.auth.key-cache-ttl}: rotation and revocation here invalidate at
     * once, on other replicas within the TTL. Expiry is not cached state: it is checked on every request.
     */
    private final ExpiringCache<String, StoredApiKey> cache;

    private final ApiKeyUsage usage;
    private final Clock clock;

    public ApiKeyAuthenticator(ApiKeyRepository keys, ApiKeyUsage usage, BillingProperties properties, Clock clock) {
        this.keys = keys;
        this.usage = usage;
        this.cache = new ExpiringCache<>(properties.auth().keyCacheTtl(), CACHE_MAX_ENTRIES, System::nanoTime);
        this.clock = clock;
    }

    public Mono<Caller> authenticate(@Nullable String presented) {
        if (presented == null || presented.isBlank()) {
            return Mono.error(refused(
                    "No API key provided: send it in the x-service-api-key header or as Authorization: Bearer <key>"));
        }
        if (!ApiKeyFormat.isWellFormed(presented)) {
            return Mono.error(
                    refused(
                            "Malformed API key: keys look like abk_test_... or abk_live_... followed by at least 32 letters or digits"));
        }
        var hash = ApiKeyFormat.hash(presented);
        return cache.get(HexFormat.of().formatHex(hash), () -> keys.findByHash(hash))
                .switchIfEmpty(Mono.error(() -> refused("Invalid API key")))
                .flatMap(key -> check(key, hash, presented));
    }

    /** Forgets what this process cached about a key, after it was rotated or revoked here. */
    public void invalidate(String keyId) {
        cache.invalidateIf(key -> key.id().equals(keyId));
    }

    private Mono<Caller> check(StoredApiKey key, byte[] hash, String presented) {
        // The index lookup already matched the hash; comparing again in constant time keeps the final decision
        // free of timing differences whatever the lookup path (cache or database) was.
        if (!MessageDigest.isEqual(key.keyHash(), hash) || key.mode() != ApiKeyFormat.modeOf(presented)) {
            return Mono.error(refused("Invalid API key"));
        }
        var now = clock.instant();
        if (key.revokedAt() != null) {
            return Mono.error(refused("This API key has been revoked"));
        }
        if (!key.isUsableAt(now)) {
            return Mono.error(refused("This API key has expired (it was rotated and its grace period is over)"));
        }
        return usage.used(key.id(), now).thenReturn(new Caller(key.merchantId(), key.mode(), key.id()));
    }

    private static ApiException refused(String message) {
        return new ApiException(401, ErrorCodes.AUTHENTICATION_ERROR, message);
    }
}
