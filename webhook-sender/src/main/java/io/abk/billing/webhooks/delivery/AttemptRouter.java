package io.abk.billing.webhooks.delivery;

import io.abk.billing.schemas.avro.WebhookDelivery;
import io.abk.billing.webhooks.attempt.AttemptResult;
import io.abk.billing.webhooks.attempt.DeliveryAttempts;
import io.abk.billing.webhooks.attempt.ExchangeEnd;
import java.time.Clock;
import java.time.Instant;
import java.util.concurrent.CompletableFuture;
import java.util.function.Consumer;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.producer.Producer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Runs one attempt and settles its record: a delivered or dropped delivery is done; a failed one is forwarded, with
 * the same key and value bytes, to the retry topic of its next delay (due at the next retry time the attempt was
 * logged with) or, once the schedule is spent, to the dead-letter topic. The returned future completes when the
 * record may be committed: never before the forwarded copy is acknowledged by Kafka.
 */
final class AttemptRouter {

    private static final Logger log = LoggerFactory.getLogger(AttemptRouter.class);

    private final DeliveryAttempts attempts;
    private final RetryTopics topics;
    private final Producer<String, byte[]> producer;
    private final Clock clock;
    private final Deferrals deferrals;

    AttemptRouter(DeliveryAttempts attempts, RetryTopics topics, Producer<String, byte[]> producer, Clock clock) {
        this.attempts = attempts;
        this.topics = topics;
        this.deferrals = new Deferrals(topics);
        this.producer = producer;
        this.clock = clock;
    }

    /**
     * Runs the attempt; {@code exchangeEnded} as
     * {@link DeliveryAttempts#attempt(WebhookDelivery, int, Instant, Consumer)}.
     */
    CompletableFuture<Void> attempt(
            ConsumerRecord<String, byte[]> record,
            WebhookDelivery delivery,
            int attempt,
            Consumer<ExchangeEnd> exchangeEnded) {
        var nextRetryAt = topics.schedule().nextRetryAt(attempt, clock.instant());
        long startedNanos = System.nanoTime();
        CompletableFuture<AttemptResult> started;
        try {
            started = attempts.attempt(delivery, attempt, nextRetryAt, exchangeEnded);
        } catch (RuntimeException e) {
            started = CompletableFuture.failedFuture(e);
        }
        return started.handle((result, error) -> {
                    DeliveryMeters.attempted(
                            error != null ? "error" : result.name().toLowerCase(java.util.Locale.ROOT),
                            System.nanoTime() - startedNanos);
                    if (error != null) {
                        // The attempt could not be logged (PostgreSQL down): counted as failed, so the delivery moves
                        // on
                        // through the schedule instead of hammering the endpoint.
                        log.warn(
                                "delivery={} endpoint={} attempt={} outcome=error error=\"{}\"",
                                delivery.getDeliveryId(),
                                delivery.getEndpointId(),
                                attempt,
                                error.getMessage());
                        return forward(record, delivery, attempt, nextRetryAt);
                    }
                    return switch (result) {
                        case DELIVERED, DROPPED -> CompletableFuture.<Void>completedFuture(null);
                        case FAILED -> forward(record, delivery, attempt, nextRetryAt);
                    };
                })
                .thenCompose(settled -> settled);
    }

    /**
     * The record's endpoint is at its in-flight bound: no attempt, a copy due shortly on retry topic 0 instead
     * ({@link Deferrals}); settles like a forwarded failure, once Kafka has the copy.
     */
    CompletableFuture<Void> defer(
            ConsumerRecord<String, byte[]> record, WebhookDelivery delivery, int attempt, int bound) {
        deferrals.deferred(record, delivery, attempt, bound);
        DeliveryMeters.deferred();
        return send(deferrals.copy(record, attempt, clock.instant()));
    }

    /** A record whose value cannot be read: straight to the dead letters, bytes as they came. */
    CompletableFuture<Void> unreadable(ConsumerRecord<String, byte[]> record, Exception problem) {
        log.error(
                "delivery=unreadable topic={} partition={} offset={} outcome=dead_letter error=\"{}\"",
                record.topic(),
                record.partition(),
                record.offset(),
                problem.getMessage());
        return send(new ProducerRecord<>(topics.deadLetters(), null, record.key(), record.value(), record.headers()));
    }

    private CompletableFuture<Void> forward(
            ConsumerRecord<String, byte[]> record,
            WebhookDelivery delivery,
            int attempt,
            @Nullable Instant nextRetryAt) {
        var topic = topics.after(attempt);
        var copy = new ProducerRecord<>(topic, null, record.key(), record.value(), record.headers());
        DeliveryHeaders.forward(copy.headers(), attempt + 1, nextRetryAt);
        if (nextRetryAt == null) {
            log.warn(
                    "delivery={} event={} endpoint={} merchant={} attempts={} outcome=dead_letter",
                    delivery.getDeliveryId(),
                    delivery.getEventId(),
                    delivery.getEndpointId(),
                    delivery.getMerchantId(),
                    attempt);
        } else {
            // The attempt itself is logged (INFO) by the HTTP side; this only adds where the delivery went.
            log.debug(
                    "delivery={} endpoint={} merchant={} attempt={} forwardedTo={} dueAt={}",
                    delivery.getDeliveryId(),
                    delivery.getEndpointId(),
                    delivery.getMerchantId(),
                    attempt,
                    topic,
                    nextRetryAt);
        }
        return send(copy);
    }

    private CompletableFuture<Void> send(ProducerRecord<String, byte[]> record) {
        var sent = new CompletableFuture<Void>();
        try {
            producer.send(record, (metadata, error) -> {
                if (error == null) {
                    sent.complete(null);
                } else {
                    sent.completeExceptionally(error);
                }
            });
        } catch (RuntimeException e) {
            sent.completeExceptionally(e);
        }
        return sent;
    }
}
