package io.abk.billing.chain.lease;

import io.abk.billing.chain.relay.RelayerHarness;
import io.abk.billing.kafkatestkit.ReadCommitted;
import io.abk.billing.kafkatestkit.TestBroker;
import io.abk.billing.localchain.AnvilNode;
import io.abk.billing.schemas.avro.ChainRequest;
import io.abk.billing.schemas.avro.ChainResult;
import io.abk.billing.schemas.avro.ChainTransfer;
import io.abk.billing.schemas.topic.Deployment;
import io.abk.billing.schemas.topic.Topic;
import io.abk.billing.schemas.topic.Topics;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.errors.GroupIdNotFoundException;

/**
 * The topics of the lease tests as the platform's other services use them: every topic of the catalog created, the
 * charge requests billing-streams sends, and the results and transfers downstream reads (read_committed).
 */
final class LeaseTopics {

    static final int PARTITIONS = 2;
    static final Duration PATIENCE = Duration.ofSeconds(90);

    private LeaseTopics() {}

    /** Every topic on {@link #PARTITIONS} partitions, the lease topic on {@code leasePartitions}. */
    static void create(TestBroker broker, int leasePartitions) throws Exception {
        broker.createTopics(Topics.all().stream()
                .map(topic -> new NewTopic(
                                topic.name(Deployment.DEFAULT),
                                topic == Topics.CHAIN_INDEXER_CHECKPOINTS ? leasePartitions : PARTITIONS,
                                (short) 1)
                        .configs(topic.configs()))
                .toList());
    }

    /** Keyed by invoice, as billing-streams keys charges. */
    static void send(KafkaProducer<String, ChainRequest> requests, ChainRequest request) throws Exception {
        requests.send(new ProducerRecord<>(
                        Topics.CHAIN_REQUESTS.name(Deployment.DEFAULT), request.getInvoiceId(), request))
                .get(30, TimeUnit.SECONDS);
    }

    /** A charge of ten USDC, the first attempt of a new invoice of {@code subscriptionId}. */
    static ChainRequest charge(String subscriptionId) {
        return RelayerHarness.charge(
                subscriptionId,
                "inv_" + UUID.randomUUID(),
                LeasedChain.TEN_USDC,
                Instant.now().truncatedTo(ChronoUnit.MILLIS),
                LeasedChain.CUSTOMER.getAddress(),
                LeasedChain.MERCHANT.getAddress());
    }

    /** How many members {@code groupId} has now (none before it exists). */
    static int members(Admin admin, String groupId) throws Exception {
        try {
            return admin.describeConsumerGroups(List.of(groupId))
                    .describedGroups()
                    .get(groupId)
                    .get(10, TimeUnit.SECONDS)
                    .members()
                    .size();
        } catch (ExecutionException e) {
            if (e.getCause() instanceof GroupIdNotFoundException) {
                return 0;
            }
            throw e;
        }
    }

    /** Everything committed on a topic, read from the beginning as a downstream reader (read_committed). */
    static final class Committed<V> implements AutoCloseable {

        private final KafkaConsumer<String, V> consumer;
        private final List<ConsumerRecord<String, V>> seen = new ArrayList<>();

        Committed(TestBroker broker, Topic<String, V> topic) {
            consumer = ReadCommitted.fromStart(
                    broker,
                    topic.name(Deployment.DEFAULT),
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

    /**
     * The {@code nth} result of {@code requestId}, awaited while {@code node} mines blocks: a charge is answered only
     * once blocks are on top of its transaction.
     */
    static ChainResult resultOf(Committed<ChainResult> results, String requestId, int nth, AnvilNode node) {
        RelayerHarness.awaitMining(
                node,
                PATIENCE,
                () -> results.read().stream()
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
