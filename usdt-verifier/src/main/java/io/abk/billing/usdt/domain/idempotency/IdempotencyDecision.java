package io.abk.billing.usdt.domain.idempotency;

/** What a command comes to. */
public sealed interface IdempotencyDecision {

    /**
     * The request runs, under {@code requestCommandId}: its own when it is the first, the first request's when it
     * takes over one whose lease ran out (and so sends the same commands again, which apply once).
     */
    record Proceed(String requestCommandId, boolean takeover) implements IdempotencyDecision {}

    /** The same request was answered: answer it again. */
    record Replay(int status, String body) implements IdempotencyDecision {}

    /** The key names another request (another path or body): 409 {@code idempotency_error}. */
    record Mismatch() implements IdempotencyDecision {}

    /** The first request still runs: 409 {@code idempotency_in_progress}. */
    record InProgress() implements IdempotencyDecision {}

    /** An answer or a release was taken. */
    record Recorded() implements IdempotencyDecision {}

    /** An answer or a release of a request that no longer holds the record: nothing changes. */
    record Ignored() implements IdempotencyDecision {}
}
