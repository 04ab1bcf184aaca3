package io.abk.billing.usdt.domain.idempotency;

import java.time.Duration;
import java.time.Instant;

/** What happens to a record: a request with the key arrives, answers, or fails without an answer to keep. */
public sealed interface IdempotencyCommand {

    /** The record (a digest of the API key and the Idempotency-Key). */
    String recordKey();

    String commandId();

    Instant requestedAt();

    /**
     * A request arrived with the key.
     *
     * @param fingerprint      its method, path and canonical JSON body, hashed
     * @param requestCommandId the id it runs under if it is the first (the ids of what it sends derive from it)
     * @param lease            how long it holds the record before a repeat may take over
     * @param ttl              how long the record is kept from the first request
     */
    record Claim(
            String recordKey,
            String commandId,
            Instant requestedAt,
            String fingerprint,
            String requestCommandId,
            Duration lease,
            Duration ttl)
            implements IdempotencyCommand {}

    /** The request that holds the record answered: {@code status} and {@code body} are what a repeat gets. */
    record Complete(
            String recordKey, String commandId, Instant requestedAt, String requestCommandId, int status, String body)
            implements IdempotencyCommand {}

    /** The request that holds the record failed without an answer to keep: a repeat may run at once. */
    record Release(String recordKey, String commandId, Instant requestedAt, String requestCommandId)
            implements IdempotencyCommand {}
}
