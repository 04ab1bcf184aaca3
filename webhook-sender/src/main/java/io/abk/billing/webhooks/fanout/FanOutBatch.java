package io.abk.billing.webhooks.fanout;

import io.abk.billing.schemas.avro.WebhookDelivery;
import io.abk.billing.schemas.topic.Deployment;
import io.abk.billing.schemas.topic.Topics;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.springframework.kafka.core.KafkaTemplate;

/**
 * What every fan-out listener does with a polled batch around its own events: skips a record it could not read,
 * queues each delivery keyed by its endpoint, and waits for all of the batch's sends before the batch counts as done.
 */
public final class FanOutBatch {

    /** Past the producer's own delivery timeout (120 s): a send that has not failed by then is stuck. */
    private static final long SEND_PATIENCE_SECONDS = 150;

    private FanOutBatch() {}

    /**
     * The values of the batch's records, in order, without those the error-handling deserializer handed over as null:
     * each is logged as a bug upstream, not an event to deliver; skipping it keeps every other merchant's webhooks
     * flowing.
     */
    public static <V> List<V> readable(Logger log, List<ConsumerRecord<String, @Nullable V>> records) {
        var values = new ArrayList<V>(records.size());
        for (var record : records) {
            var value = record.value();
            if (value == null) {
                log.error(
                        "event=unreadable topic={} partition={} offset={}",
                        record.topic(),
                        record.partition(),
                        record.offset());
            } else {
                values.add(value);
            }
        }
        return values;
    }

    /** Queues {@code delivery} on the deliveries topic, keyed by its endpoint. */
    public static CompletableFuture<?> send(
            KafkaTemplate<String, WebhookDelivery> deliveries, Deployment deployment, WebhookDelivery delivery) {
        return deliveries.send(Topics.WEBHOOK_DELIVERIES.name(deployment), delivery.getEndpointId(), delivery);
    }

    /**
     * Waits for every send; a failed or stuck one throws, naming {@code what}: the container's error handler retries
     * the whole batch (deliveries already sent are sent again with the same ids; receivers dedupe on the event id).
     */
    public static void awaitAll(List<CompletableFuture<?>> sends, String what) throws InterruptedException {
        try {
            CompletableFuture.allOf(sends.toArray(CompletableFuture[]::new))
                    .get(SEND_PATIENCE_SECONDS, TimeUnit.SECONDS);
        } catch (ExecutionException | TimeoutException e) {
            throw new IllegalStateException(what + " sends failed", e);
        }
    }
}
