package io.abk.billing.gateway.testclock;

import io.abk.billing.schemas.avro.TestClock;
import io.abk.billing.schemas.topic.Topics;
import java.time.Duration;
import java.util.HashMap;
import java.util.Map;
import java.util.Objects;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.Producer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.clients.producer.RecordMetadata;
import reactor.core.publisher.Mono;
import reactor.core.scheduler.Schedulers;

/**
 * Publishes each version of a merchant's clock to {@code billing.test-clocks}, keyed by merchant id (the gateway is
 * its one writer). Its own producer, set up like the command producer: idempotent with {@code acks=all}, so an
 * acknowledged version is never lost nor duplicated; the send gives up before the request does.
 */
public final class TestClockPublisher implements AutoCloseable {

    private final Producer<String, TestClock> producer;

    public TestClockPublisher(Producer<String, TestClock> producer) {
        this.producer = producer;
    }

    public static TestClockPublisher create(String bootstrapServers, Duration deliveryTimeout) {
        return new TestClockPublisher(new KafkaProducer<>(config(bootstrapServers, deliveryTimeout),
                Topics.TEST_CLOCKS.keySerde().serializer(), Topics.TEST_CLOCKS.valueSerde().serializer()));
    }

    static Map<String, Object> config(String bootstrapServers, Duration deliveryTimeout) {
        var config = new HashMap<String, Object>();
        config.put(ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrapServers);
        config.put(ProducerConfig.CLIENT_ID_CONFIG, "api-gateway-test-clocks");
        config.put(ProducerConfig.ACKS_CONFIG, "all");
        config.put(ProducerConfig.ENABLE_IDEMPOTENCE_CONFIG, true);
        // Changes are rare and answered only once acknowledged: nothing to batch.
        config.put(ProducerConfig.LINGER_MS_CONFIG, 0);
        int delivery = (int) deliveryTimeout.toMillis();
        config.put(ProducerConfig.DELIVERY_TIMEOUT_MS_CONFIG, delivery);
        config.put(ProducerConfig.REQUEST_TIMEOUT_MS_CONFIG, delivery);
        config.put(ProducerConfig.MAX_BLOCK_MS_CONFIG, (long) delivery);
        return config;
    }

    /** Sends the clock's version; completes when the broker acknowledged it. Off the event loop: send may block. */
    public Mono<RecordMetadata> publish(ClockState clock) {
        var record = new ProducerRecord<>(Topics.TEST_CLOCKS.name(), clock.merchantId(), record(clock));
        return Mono.<RecordMetadata>create(sink -> producer.send(record, (metadata, error) -> {
            if (error != null) {
                sink.error(error);
            } else {
                sink.success(metadata);
            }
        })).subscribeOn(Schedulers.boundedElastic());
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
        producer.close(Duration.ofSeconds(5));
    }
}
