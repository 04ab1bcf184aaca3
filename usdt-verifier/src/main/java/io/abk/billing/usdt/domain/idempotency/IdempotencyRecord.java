package io.abk.billing.usdt.domain.idempotency;

import java.time.Instant;
import org.jspecify.annotations.Nullable;

/**
 * One API key's Idempotency-Key: the request it names (its fingerprint), the id that request runs under, and either
 * the lease of the request still running or the answer to replay.
 *
 * @param leaseUntil while the request runs: until when it holds the record; null once it answered
 * @param status     the answer's status, once there is one
 * @param body       the answer's body, once there is one
 */
public record IdempotencyRecord(
        String fingerprint,
        String requestCommandId,
        Instant firstSeenAt,
        Instant expiresAt,
        @Nullable Instant leaseUntil,
        @Nullable Integer status,
        @Nullable String body) {

    public boolean answered() {
        return status != null;
    }
}
