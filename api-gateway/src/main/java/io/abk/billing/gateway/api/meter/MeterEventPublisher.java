package io.abk.billing.gateway.api.meter;

import io.abk.billing.schemas.avro.MeterEvent;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import org.apache.kafka.clients.producer.Producer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.jspecify.annotations.Nullable;
import reactor.core.publisher.Mono;
import reactor.core.scheduler.Schedulers;

/**
 * Writes meter events to {@code billing.meter-events}, keyed by their customer, with the gateway's producer settings
 * (idempotent, {@code acks=all}, the command producer's short linger so concurrent requests share batches). A batch's
 * records go out in one pass and the answer waits for the last acknowledgement: it completes only when Kafka holds
 * every one of them, and fails if any send failed (some may be stored then; their identifiers make a retry safe).
 */
public final class MeterEventPublisher implements AutoCloseable {

    private final String topic;
    private final Producer<String, MeterEvent> producer;

    public MeterEventPublisher(String topic, Producer<String, MeterEvent> producer) {
        this.topic = topic;
        this.producer = producer;
    }

    /** Sends the events; completes with their count once all are acknowledged. Off the event loop (send may block). */
    public Mono<Integer> send(List<MeterEventRequest> events) {
        if (events.isEmpty()) {
            return Mono.just(0);
        }
        return Mono.<Integer>create(sink -> {
                    var pending = new AtomicInteger(events.size());
                    var failure = new AtomicReference<@Nullable Exception>();
                    Runnable settle = () -> {
                        var failed = failure.get();
                        if (failed != null) {
                            sink.error(failed);
                        } else {
                            sink.success(events.size());
                        }
                    };
                    for (int i = 0; i < events.size(); i++) {
                        var event = events.get(i);
                        try {
                            producer.send(
                                    new ProducerRecord<>(topic, event.key(), event.event()), (metadata, error) -> {
                                        if (error != null) {
                                            failure.compareAndSet(null, error);
                                        }
                                        if (pending.decrementAndGet() == 0) {
                                            settle.run();
                                        }
                                    });
                        } catch (RuntimeException e) {
                            // Not handed to the producer (metadata or buffer wait ran out): this one and the rest
                            // are not sent; the answer waits only for those that were.
                            failure.compareAndSet(null, e);
                            if (pending.addAndGet(-(events.size() - i)) == 0) {
                                settle.run();
                            }
                            return;
                        }
                    }
                })
                .subscribeOn(Schedulers.boundedElastic());
    }

    @Override
    public void close() {
        producer.close(Duration.ofSeconds(5));
    }
}
