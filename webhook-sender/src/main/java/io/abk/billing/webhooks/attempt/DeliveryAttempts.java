package io.abk.billing.webhooks.attempt;

import io.abk.billing.schemas.avro.WebhookDelivery;
import java.time.Instant;
import java.util.concurrent.CompletableFuture;
import java.util.function.Consumer;
import org.jspecify.annotations.Nullable;

/**
 * One attempt to deliver one event to one endpoint: read the endpoint (URL, secrets, disabled), sign, POST,
 * log the attempt in PostgreSQL and update the endpoint's health (a success clears its failing streak, a 410 or
 * a failing streak past the limit disables it). The Kafka side (retry topics, dead letters) decides what happens
 * next from the result; this side never blocks the calling thread on the network.
 */
public interface DeliveryAttempts {

    /**
     * @param delivery    what to deliver
     * @param attempt     1 for the first attempt, 2 for the first retry, ...
     * @param nextRetryAt when the next attempt will be due if this one fails, null when this is the last one;
     *                    only recorded in the delivery log
     * @return completes once the attempt is logged; it completes exceptionally only when the attempt could not
     *         be logged (PostgreSQL down), never for an endpoint's fault
     */
    default CompletableFuture<AttemptResult> attempt(
            WebhookDelivery delivery, int attempt, @Nullable Instant nextRetryAt) {
        return attempt(delivery, attempt, nextRetryAt, end -> {});
    }

    /**
     * {@link #attempt(WebhookDelivery, int, Instant)}, telling {@code exchangeEnded} how the endpoint took the request
     * as soon as it is done with it (answered, failed or skipped), before the attempt is logged: what bounds the
     * requests in flight to one endpoint needs to know no more. Runs at most once, and not at all if the attempt never
     * started.
     */
    CompletableFuture<AttemptResult> attempt(
            WebhookDelivery delivery, int attempt, @Nullable Instant nextRetryAt, Consumer<ExchangeEnd> exchangeEnded);
}
