package io.abk.billing.chain.follow;

import io.abk.billing.kafkatestkit.ReadCommitted;
import io.abk.billing.kafkatestkit.TestBroker;
import io.abk.billing.schemas.avro.ChainTransfer;
import io.abk.billing.schemas.avro.UsdtWatchedAddress;
import io.abk.billing.schemas.avro.WatchedAddress;
import io.abk.billing.schemas.topic.Deployment;
import io.abk.billing.schemas.topic.Topic;
import io.abk.billing.schemas.topic.Topics;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;

/** chain.transfers as a downstream reader sees it (read_committed, from the beginning), for one chain id. */
public final class TransferLog implements AutoCloseable {

    private final long chainId;
    private final KafkaConsumer<String, ChainTransfer> consumer;
    private final List<ConsumerRecord<String, ChainTransfer>> seen = new ArrayList<>();

    TransferLog(TestBroker broker, long chainId) {
        this.chainId = chainId;
        var topic = Topics.CHAIN_TRANSFERS;
        consumer = ReadCommitted.fromStart(
                broker,
                topic.name(Deployment.DEFAULT),
                topic.keySerde().deserializer(),
                topic.valueSerde().deserializer());
    }

    /** Everything committed for this chain so far, in the order read (one partition keeps a key's order). */
    List<ConsumerRecord<String, ChainTransfer>> records() {
        consumer.poll(Duration.ofMillis(100)).forEach(record -> {
            if (record.value().getChainId() == chainId) {
                seen.add(record);
            }
        });
        return List.copyOf(seen);
    }

    List<ChainTransfer> values() {
        return records().stream().map(ConsumerRecord::value).toList();
    }

    /** Puts {@code address} on test mode's watch list, as a payment's creation does. */
    public static void watch(TestBroker broker, String address) throws Exception {
        var topic = Topics.CHAIN_WATCHED_ADDRESSES;
        try (var producer = new KafkaProducer<>(
                Map.<String, Object>of(
                        ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, broker.bootstrapServers(),
                        ProducerConfig.DELIVERY_TIMEOUT_MS_CONFIG, 20_000,
                        ProducerConfig.REQUEST_TIMEOUT_MS_CONFIG, 10_000),
                topic.keySerde().serializer(),
                topic.valueSerde().serializer())) {
            var value = WatchedAddress.newBuilder()
                    .setMode(io.abk.billing.schemas.avro.Mode.TEST)
                    .setAddress(address)
                    .setSince(Instant.parse("2026-01-01T00:00:00Z"))
                    .build();
            producer.send(new ProducerRecord<>(topic.name(Deployment.DEFAULT), "test:" + address, value))
                    .get(30, TimeUnit.SECONDS);
        }
    }

    /** What usdt-verifier writes when {@code address} gets its first open intent on chain {@code chainId}. */
    static void watchUsdt(TestBroker broker, String address, long chainId, String token) throws Exception {
        send(
                broker,
                Topics.USDT_WATCHED_ADDRESSES,
                address,
                UsdtWatchedAddress.newBuilder()
                        .setAddress(address)
                        .setChainId(chainId)
                        .setTokenAddress(token)
                        .setSince(Instant.parse("2026-01-01T00:00:00Z"))
                        .build());
    }

    /** What usdt-verifier writes when the last open intent of {@code address} leaves. */
    static void unwatchUsdt(TestBroker broker, String address) throws Exception {
        send(broker, Topics.USDT_WATCHED_ADDRESSES, address, null);
    }

    private static <V> void send(TestBroker broker, Topic<String, V> topic, String key, V value) throws Exception {
        try (var producer = new KafkaProducer<>(
                Map.<String, Object>of(
                        ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, broker.bootstrapServers(),
                        ProducerConfig.DELIVERY_TIMEOUT_MS_CONFIG, 20_000,
                        ProducerConfig.REQUEST_TIMEOUT_MS_CONFIG, 10_000),
                topic.keySerde().serializer(),
                topic.valueSerde().serializer())) {
            producer.send(new ProducerRecord<>(topic.name(Deployment.DEFAULT), key, value))
                    .get(30, TimeUnit.SECONDS);
        }
    }

    @Override
    public void close() {
        consumer.close();
    }
}
