package io.abk.billing.webhooks.delivery;

import io.abk.billing.schemas.avro.WebhookDelivery;
import io.abk.billing.webhooks.attempt.AttemptResult;
import io.abk.billing.webhooks.attempt.DeliveryAttempts;
import java.time.Clock;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.kafka.annotation.KafkaListener;

/**
 * Flow point 2: one attempt per record of webhooks.deliveries and of its retry topics. Asynchronous: the consumer
 * thread starts the attempt and moves on to the next record, and spring-kafka commits each offset when its attempt
 * completes (out of order), so an endpoint that takes 15 s holds one permit, not the partition. A failed attempt
 * completes exceptionally and spring-kafka forwards the record to the next retry topic (or the dead-letter topic).
 */
public class DeliveryListener {

    private static final Logger log = LoggerFactory.getLogger(DeliveryListener.class);

    private final DeliveryAttempts attempts;
    private final RetrySchedule schedule;
    private final InFlightLimit inFlight;
    private final Clock clock;

    public DeliveryListener(DeliveryAttempts attempts, RetrySchedule schedule, InFlightLimit inFlight, Clock clock) {
        this.attempts = attempts;
        this.schedule = schedule;
        this.inFlight = inFlight;
        this.clock = clock;
    }

    @KafkaListener(id = "webhook-deliveries", groupId = "webhook-sender",
            topics = "#{T(io.abk.billing.schemas.topic.Topics).WEBHOOK_DELIVERIES.name()}",
            concurrency = "${billing.webhooks.concurrency:2}")
    public CompletableFuture<Void> deliver(ConsumerRecord<String, WebhookDelivery> record) throws InterruptedException {
        var delivery = record.value();
        int attempt = AttemptNumber.of(record.headers());
        var nextRetryAt = schedule.nextRetryAt(attempt, clock.instant());
        inFlight.acquire();
        CompletableFuture<AttemptResult> started;
        try {
            started = attempts.attempt(delivery, attempt, nextRetryAt);
        } catch (RuntimeException e) {
            // The future is the only way to fail this record without stalling the partition (async listener).
            inFlight.release();
            return CompletableFuture.failedFuture(e);
        }
        return started.handle((result, error) -> {
            inFlight.release();
            if (error != null) {
                // The attempt could not be logged (PostgreSQL down): counted as a failed attempt, so the delivery
                // moves on through the schedule rather than hammering the endpoint.
                log.warn("delivery={} endpoint={} attempt={} outcome=error error=\"{}\"", delivery.getDeliveryId(),
                        delivery.getEndpointId(), attempt, error.getMessage());
                throw error instanceof CompletionException completion ? completion : new CompletionException(error);
            }
            if (result == AttemptResult.FAILED) {
                log.info("delivery={} endpoint={} merchant={} attempt={} result=failed nextRetryAt={}", delivery.getDeliveryId(),
                        delivery.getEndpointId(), delivery.getMerchantId(), attempt, nextRetryAt == null ? "none" : nextRetryAt);
            } else {
                log.debug("delivery={} endpoint={} attempt={} result={}", delivery.getDeliveryId(), delivery.getEndpointId(),
                        attempt, result);
            }
            return switch (result) {
                case DELIVERED, DROPPED -> null;
                case FAILED -> throw new CompletionException(new DeliveryFailedException("delivery " + delivery.getDeliveryId()
                        + " attempt " + attempt + " failed" + (nextRetryAt == null ? ", no retry left" : ", next at " + nextRetryAt)));
            };
        });
    }
}
