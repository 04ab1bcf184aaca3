package io.abk.billing.gateway.api.testclock;

import io.abk.billing.gateway.command.AcknowledgedProducer;
import io.abk.billing.gateway.controlplane.clock.ClockState;
import io.abk.billing.schemas.avro.TestClock;
import java.util.Objects;
import org.apache.kafka.clients.producer.RecordMetadata;
import reactor.core.publisher.Mono;

/**
 * Publishes each version of a merchant's clock to {@code billing.test-clocks}, keyed by merchant id (the gateway is
 * its one writer), answered once Kafka acknowledged it.
 */
public final class TestClockPublisher implements AutoCloseable {

    private final AcknowledgedProducer<String, TestClock> producer;

    public TestClockPublisher(AcknowledgedProducer<String, TestClock> producer) {
        this.producer = producer;
    }

    /** Sends the clock's version; completes when the broker acknowledged it. */
    public Mono<RecordMetadata> publish(ClockState clock) {
        return producer.send(clock.merchantId(), record(clock));
    }

    static TestClock record(ClockState clock) {
        return TestClock.newBuilder()
                .setMerchantId(clock.merchantId())
                .setFrozenAt(clock.frozenAt())
                .setVersion(clock.version())
                .setCreatedAt(Objects.requireNonNull(clock.createdAt(), "a published clock has been set"))
                .setUpdatedAt(Objects.requireNonNull(clock.updatedAt(), "a published clock has been set"))
                .build();
    }

    @Override
    public void close() {
        producer.close();
    }
}
