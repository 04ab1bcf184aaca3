package io.abk.billing.webhooks.attempt;

/** What an attempt came to, for the Kafka side to act on. */
public enum AttemptResult {
    /** A 2xx answer: the delivery is done. */
    DELIVERED,
    /** No 2xx (an error status, a timeout, a refused connection, an address the guard refused): retry it. */
    FAILED,
    /** Not to be retried: the endpoint is disabled (now, by this attempt's 410, or before), deleted or unknown. */
    DROPPED
}
