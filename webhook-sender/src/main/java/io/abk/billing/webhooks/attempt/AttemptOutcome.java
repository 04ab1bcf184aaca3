package io.abk.billing.webhooks.attempt;

import io.abk.billing.webhooks.attempt.endpoint.EndpointRow;
import io.abk.billing.webhooks.attempt.endpoint.HealthChange;
import io.abk.billing.webhooks.attempt.http.HttpExchange;
import org.jspecify.annotations.Nullable;

/**
 * What an attempt is logged as and does to its endpoint (docs/architecture.md, "Webhooks"): pure rules, no I/O.
 *
 * @param outcome the log's {@code succeeded}, {@code failed} or {@code skipped}
 */
record AttemptOutcome(
        String outcome,
        HealthChange health,
        @Nullable Integer statusCode,
        @Nullable Integer latencyMs,
        @Nullable String error,
        @Nullable String excerpt) {

    static final String SUCCEEDED = "succeeded";
    static final String FAILED = "failed";
    static final String SKIPPED = "skipped";
    private static final int GONE = 410;
    private static final int TIMEOUT = 408;
    private static final int TOO_MANY_REQUESTS = 429;

    /** Why an attempt must not be made to {@code endpoint} for a delivery of {@code merchantId}/{@code mode}. */
    static @Nullable String whySkipped(EndpointRow endpoint, String merchantId, String mode) {
        if (endpoint.deletedAt() != null) {
            return "the endpoint was deleted";
        }
        if (endpoint.disabled()) {
            return endpoint.disabledReason() == null
                    ? "the endpoint is disabled"
                    : "the endpoint is disabled (" + endpoint.disabledReason() + ")";
        }
        if (!endpoint.merchantId().equals(merchantId) || !endpoint.mode().equals(mode)) {
            // A delivery is only ever queued for its own merchant's endpoint; refuse rather than cross tenants.
            return "the endpoint belongs to another merchant or mode";
        }
        return null;
    }

    static AttemptOutcome skipped(String why) {
        return new AttemptOutcome(SKIPPED, HealthChange.NONE, null, null, why, null);
    }

    static AttemptOutcome of(HttpExchange exchange) {
        return switch (exchange) {
            case HttpExchange.NoAnswer none ->
                new AttemptOutcome(FAILED, HealthChange.FAILED, null, millis(none.latencyMs()), none.error(), null);
            case HttpExchange.Answered answer -> answered(answer);
        };
    }

    private static AttemptOutcome answered(HttpExchange.Answered answer) {
        var status = answer.status();
        var latency = millis(answer.latencyMs());
        var excerpt = answer.excerpt().isEmpty() ? null : answer.excerpt();
        if (status >= 200 && status < 300) {
            return new AttemptOutcome(SUCCEEDED, HealthChange.SUCCEEDED, status, latency, null, excerpt);
        }
        if (status == GONE) {
            return new AttemptOutcome(
                    FAILED,
                    HealthChange.GONE,
                    status,
                    latency,
                    "the endpoint answered 410 Gone, so it is disabled",
                    excerpt);
        }
        var error = status >= 300 && status < 400
                ? "the endpoint answered " + status + " (redirects are not followed)"
                : "the endpoint answered " + status;
        return new AttemptOutcome(FAILED, HealthChange.FAILED, status, latency, error, excerpt);
    }

    /** What the Kafka side does next, given whether the endpoint is disabled once this attempt is written. */
    AttemptResult result(boolean endpointDisabled) {
        return switch (health) {
            case SUCCEEDED -> AttemptResult.DELIVERED;
            case NONE, GONE -> AttemptResult.DROPPED;
            case FAILED -> endpointDisabled ? AttemptResult.DROPPED : AttemptResult.FAILED;
        };
    }

    /** How the endpoint took the request, for the bound of requests in flight to it. */
    ExchangeEnd exchangeEnd() {
        if (statusCode == null) {
            // No answer: a request it got and did not answer (timed out, reset) took time; one that never reached it
            // (refused, blocked, unusable secret) has no latency.
            return latencyMs == null || outcome.equals(SKIPPED)
                    ? ExchangeEnd.NOT_SENT
                    : new ExchangeEnd(ExchangeEnd.Load.OVERLOADED, latencyMs);
        }
        long latency = latencyMs == null ? 0 : latencyMs;
        boolean overloaded = statusCode >= 500 || statusCode == TIMEOUT || statusCode == TOO_MANY_REQUESTS;
        return new ExchangeEnd(overloaded ? ExchangeEnd.Load.OVERLOADED : ExchangeEnd.Load.ANSWERED, latency);
    }

    private static @Nullable Integer millis(@Nullable Long latency) {
        return latency == null ? null : (int) Math.min(Integer.MAX_VALUE, latency);
    }
}
