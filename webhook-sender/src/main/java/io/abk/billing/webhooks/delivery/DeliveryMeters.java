package io.abk.billing.webhooks.delivery;

import io.micrometer.core.instrument.Metrics;
import io.micrometer.core.instrument.Timer;
import java.util.concurrent.TimeUnit;

/**
 * The sender's meters, in Micrometer's global registry (exported on its management port):
 * {@code billing_webhook_attempts_total{outcome}} ({@code delivered}, {@code failed}, {@code dropped} for a disabled
 * or deleted endpoint, {@code error} when the attempt could not be logged, {@code deferred} when an endpoint at its
 * in-flight bound made a delivery wait, which is no attempt) and {@code billing_webhook_attempt_seconds{outcome}}, how
 * long each attempt took, with a histogram for percentiles.
 */
final class DeliveryMeters {

    private static final String SERVICE = "webhook-sender";

    private DeliveryMeters() {}

    static void attempted(String outcome, long nanos) {
        Metrics.counter("billing.webhook.attempts", "service", SERVICE, "outcome", outcome)
                .increment();
        Timer.builder("billing.webhook.attempt")
                .tag("service", SERVICE)
                .tag("outcome", outcome)
                .publishPercentileHistogram()
                .register(Metrics.globalRegistry)
                .record(nanos, TimeUnit.NANOSECONDS);
    }

    static void deferred() {
        Metrics.counter("billing.webhook.attempts", "service", SERVICE, "outcome", "deferred")
                .increment();
    }
}
