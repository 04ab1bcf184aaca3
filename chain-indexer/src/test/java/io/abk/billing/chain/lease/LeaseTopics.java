package io.abk.billing.chain.lease;

import static org.awaitility.Awaitility.await;

import io.abk.billing.kafkatestkit.ReadCommitted;
import io.abk.billing.kafkatestkit.TestBroker;
import io.abk.billing.schemas.avro.ChainRequest;
import io.abk.billing.schemas.avro.ChainResult;
import io.abk.billing.schemas.avro.ChainTransfer;
import io.abk.billing.schemas.avro.ChargeRequest;
import io.abk.billing.schemas.avro.WatchedAddress;
import io.abk.billing.schemas.topic.Topic;
import io.abk.billing.schemas.topic.Topics;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;

/**
 * The topics of the lease tests as the platform's other services use them: every topic of the catalog created, the
 * watch list billing-streams writes, the charge requests it sends, and the results and transfers downstream reads
 * (read_committed).
 */
final class LeaseTopics {

    static final int PARTITIONS = 2;
    static final Duration PATIENCE = Duration.ofSeconds(90);

    private LeaseTopics() {}

    /** Every topic on {@link #PARTITIONS} partitions, the lease topic on {@code leasePartitions}. */
    static void create(TestBroker broker, int leasePartitions) throws Exception {
        broker.createTopics(Topics.all().stream()
                .map(topic -> new NewTopic(
                                topic.name(),
                                topic == Topics.CHAIN_INDEXER_CHECKPOINTS ? leasePartitions : PARTITIONS,
                                (short) 1)
                        .configs(topic.configs()))
                .toList());
    }

    /** Puts {@code address} on test mode's watch list, as a payment's creation does. */
    static void watch(TestBroker broker, String address) throws Exception {
        var topic = Topics.CHAIN_WATCHED_ADDRESSES;
        try (var producer = new KafkaProducer<>(
                producerProperties(broker),
                topic.keySerde().serializer(),
                topic.valueSerde().serializer())) {
            var value = WatchedAddress.newBuilder()
                    .setMode(io.abk.billing.schemas.avro.Mode.TEST)
                    .setAddress(address)
                    .setSince(Instant.parse("2026-01-01T00:00:00Z"))
                    .build();
            producer.send(new ProducerRecord<>(topic.name(), "test:" + address, value))
                    .get(30, TimeUnit.SECONDS);
        }
    }

    static KafkaProducer<String, ChainRequest> requests(TestBroker broker) {
        return new KafkaProducer<>(
                producerProperties(broker),
                Topics.CHAIN_REQUESTS.keySerde().serializer(),
                Topics.CHAIN_REQUESTS.valueSerde().serializer());
    }

    /** Keyed by invoice, as billing-streams keys charges. */
    static void send(KafkaProducer<String, ChainRequest> requests, ChainRequest request) throws Exception {
        requests.send(new ProducerRecord<>(Topics.CHAIN_REQUESTS.name(), request.getInvoiceId(), request))
                .get(30, TimeUnit.SECONDS);
    }

    /** A charge of ten USDC, the first attempt of a new invoice of {@code subscriptionId}, as billing-streams writes it. */
    static ChainRequest charge(String subscriptionId) {
        var invoiceId = "inv_" + UUID.randomUUID();
        var requestId = invoiceId + ":1";
        return ChainRequest.newBuilder()
                .setRequestId(requestId)
                .setResultCommandId("cmd_" + requestId)
                .setSubscriptionId(subscriptionId)
                .setInvoiceId(invoiceId)
                .setPaymentId(null)
                .setMerchantId("mer_lease_it")
                .setMode(io.abk.billing.schemas.avro.Mode.TEST)
                .setRequestedAt(Instant.now().truncatedTo(ChronoUnit.MILLIS))
                .setAmountMicros(LeasedChain.TEN_USDC)
                .setWalletAddress(LeasedChain.CUSTOMER.getAddress())
                .setPayoutAddress(LeasedChain.MERCHANT.getAddress())
                .setOnChainSubscriptionId(null)
                .setPayload(new ChargeRequest(null, null))
                .build();
    }

    private static Map<String, Object> producerProperties(TestBroker broker) {
        return Map.of(
                ProducerConfig.BOOTSTRAP_SERVERS_CONFIG,
                broker.bootstrapServers(),
                ProducerConfig.DELIVERY_TIMEOUT_MS_CONFIG,
                20_000,
                ProducerConfig.REQUEST_TIMEOUT_MS_CONFIG,
                10_000,
                ProducerConfig.LINGER_MS_CONFIG,
                0);
    }

    /** Everything committed on a topic, read from the beginning as a downstream reader (read_committed). */
    static final class Committed<V> implements AutoCloseable {

        private final KafkaConsumer<String, V> consumer;
        private final List<ConsumerRecord<String, V>> seen = new ArrayList<>();

        Committed(TestBroker broker, Topic<String, V> topic) {
            consumer = ReadCommitted.fromStart(
                    broker,
                    topic.name(),
                    PARTITIONS,
                    topic.keySerde().deserializer(),
                    topic.valueSerde().deserializer());
        }

        List<ConsumerRecord<String, V>> read() {
            consumer.poll(Duration.ofMillis(100)).forEach(seen::add);
            return List.copyOf(seen);
        }

        @Override
        public void close() {
            consumer.close();
        }
    }

    /** The tx hashes on chain.transfers so far. */
    static Set<String> hashes(Committed<ChainTransfer> transfers) {
        var hashes = new HashSet<String>();
        transfers.read().forEach(record -> hashes.add(record.value().getTxHash()));
        return hashes;
    }

    /** The {@code nth} result of {@code requestId}, awaited. */
    static ChainResult resultOf(Committed<ChainResult> results, String requestId, int nth) {
        await().atMost(PATIENCE)
                .until(() -> results.read().stream()
                                .filter(r ->
                                        r.value().getRequest().getRequestId().equals(requestId))
                                .count()
                        >= nth);
        return results.read().stream()
                .filter(r -> r.value().getRequest().getRequestId().equals(requestId))
                .skip(nth - 1)
                .findFirst()
                .orElseThrow()
                .value();
    }
}
