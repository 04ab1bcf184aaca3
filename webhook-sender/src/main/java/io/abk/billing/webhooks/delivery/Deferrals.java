package io.abk.billing.webhooks.delivery;

import io.abk.billing.schemas.avro.WebhookDelivery;
import java.time.Duration;
import java.time.Instant;
import java.util.concurrent.atomic.AtomicLong;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A delivery whose endpoint already has its bound of attempts in flight ({@link EndpointLimit}) and did not free a
 * slot while it was held ({@link HeldDeliveries}) is deferred rather than waited for: a copy (same key, value bytes and attempt number: a deferral is not an attempt and logs no
 * attempt row) goes to retry topic 0, due {@link #DELAY} later, and the original settles once Kafka has the copy.
 *
 * <p>Retry topic 0 whatever topic the record came from, not the topic it was read from: a retry topic's partition
 * waits for its head to come due, so a copy due in 1 s appended to {@code retry-5} (10 h delay) would wait behind
 * records due up to 10 h later; on retry topic 0 it waits at most the first delay (5 s). The attempt number in the
 * header, not the topic, decides where a failure goes next ({@link RetryTopics#after}), so the schedule is unchanged.
 *
 * <p>Logged per record at DEBUG; at INFO at most every {@link #SUMMARY_EVERY}, with how many were deferred since.
 */
final class Deferrals {

    private static final Logger log = LoggerFactory.getLogger(Deferrals.class);
    /** How long a deferred delivery waits before it is tried again: long enough not to spin on a saturated endpoint. */
    static final Duration DELAY = Duration.ofSeconds(1);

    static final Duration SUMMARY_EVERY = Duration.ofSeconds(30);

    /** Retry topic 0, as the deployment names it. */
    private final String topic;

    private final AtomicLong total = new AtomicLong();
    private final AtomicLong sinceSummary = new AtomicLong();
    private final AtomicLong nextSummary = new AtomicLong(System.nanoTime());

    Deferrals(RetryTopics topics) {
        this.topic = topics.retry(0);
    }

    /** The copy to produce: same key, value and headers, the same attempt number, due {@link #DELAY} after {@code now}. */
    ProducerRecord<String, byte[]> copy(ConsumerRecord<String, byte[]> record, int attempt, Instant now) {
        var copy = new ProducerRecord<>(topic, null, record.key(), record.value(), record.headers());
        DeliveryHeaders.forward(copy.headers(), attempt, now.plus(DELAY));
        return copy;
    }

    void deferred(ConsumerRecord<String, byte[]> record, WebhookDelivery delivery, int attempt, int bound) {
        total.incrementAndGet();
        sinceSummary.incrementAndGet();
        log.debug(
                "delivery={} endpoint={} attempt={} outcome=deferred from={} to={} inFlightBound={}",
                delivery.getDeliveryId(),
                delivery.getEndpointId(),
                attempt,
                record.topic(),
                topic,
                bound);
        long now = System.nanoTime();
        long due = nextSummary.get();
        if (now - due >= 0 && nextSummary.compareAndSet(due, now + SUMMARY_EVERY.toNanos())) {
            log.info(
                    "delivery=deferred count={} total={} lastEndpoint={} inFlightBound={} reason=endpoint_at_its_in_flight_bound",
                    sinceSummary.getAndSet(0),
                    total.get(),
                    delivery.getEndpointId(),
                    bound);
        }
    }

    long total() {
        return total.get();
    }
}
