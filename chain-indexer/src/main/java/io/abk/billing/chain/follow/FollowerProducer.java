package io.abk.billing.chain.follow;

import io.abk.billing.opskit.kafka.KafkaClientSecurity;
import io.abk.billing.schemas.avro.ChainTransfer;
import io.abk.billing.schemas.avro.IndexerCheckpoint;
import io.abk.billing.schemas.topic.Deployment;
import io.abk.billing.schemas.topic.Topics;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.serialization.ByteArraySerializer;
import org.apache.kafka.common.serialization.Serializer;
import org.apache.kafka.common.serialization.StringSerializer;
import org.jspecify.annotations.Nullable;

/**
 * A follower's transactional producer, under the chain's one transactional id in its deployment
 * ({@code chain-indexer-follower-<chainId>}, prefixed by a deployment's id): opening it fences every earlier producer of the chain (and aborts the
 * transaction one left open), and each {@link #commit} writes a step's records in one transaction. It is opened once
 * per follower and never opened again: a follower whose producer fails stops, and only its supervisor, having
 * confirmed the chain's lease, starts a new one.
 */
final class FollowerProducer implements AutoCloseable {

    private static final Serializer<ChainTransfer> TRANSFERS =
            Topics.CHAIN_TRANSFERS.valueSerde().serializer();
    private static final Serializer<IndexerCheckpoint> CHECKPOINTS =
            Topics.CHAIN_INDEXER_CHECKPOINTS.valueSerde().serializer();
    /** Lets a commit in flight finish, without holding a stopping follower long. */
    private static final Duration CLOSE_TIMEOUT = Duration.ofSeconds(5);

    private final KafkaProducer<String, byte[]> producer;

    private FollowerProducer(KafkaProducer<String, byte[]> producer) {
        this.producer = producer;
    }

    /**
     * One per chain and deployment: a deployment's followers fence each other's earlier instances, never another
     * deployment's follower of the same chain.
     */
    static String transactionalId(Deployment deployment, long chainId) {
        return deployment.name("chain-indexer-follower-" + chainId);
    }

    /** A producer of {@code chainId}'s follower, its transactions initialised: every earlier one is fenced. */
    static FollowerProducer open(
            String bootstrapServers, KafkaClientSecurity security, Deployment deployment, long chainId) {
        var producer = new KafkaProducer<>(
                security.with(Map.<String, Object>of(
                        ProducerConfig.BOOTSTRAP_SERVERS_CONFIG,
                        bootstrapServers,
                        ProducerConfig.TRANSACTIONAL_ID_CONFIG,
                        transactionalId(deployment, chainId),
                        ProducerConfig.CLIENT_ID_CONFIG,
                        transactionalId(deployment, chainId),
                        ProducerConfig.ENABLE_IDEMPOTENCE_CONFIG,
                        true,
                        ProducerConfig.ACKS_CONFIG,
                        "all",
                        ProducerConfig.LINGER_MS_CONFIG,
                        5)),
                new StringSerializer(),
                new ByteArraySerializer());
        try {
            producer.initTransactions();
        } catch (RuntimeException e) {
            producer.close(CLOSE_TIMEOUT);
            throw e;
        }
        return new FollowerProducer(producer);
    }

    /** Writes {@code writes} in one transaction; throws, having written nothing visible, if any send failed. */
    void commit(List<ProducerRecord<String, ?>> writes) {
        producer.beginTransaction();
        for (var write : writes) {
            producer.send(new ProducerRecord<>(write.topic(), write.key(), bytes(write)));
        }
        producer.commitTransaction();
    }

    private static byte @Nullable [] bytes(ProducerRecord<String, ?> write) {
        return switch (write.value()) {
            case null -> null;
            case ChainTransfer transfer -> TRANSFERS.serialize(write.topic(), transfer);
            case IndexerCheckpoint checkpoint -> CHECKPOINTS.serialize(write.topic(), checkpoint);
            default ->
                throw new IllegalArgumentException(
                        "unexpected record " + write.value().getClass());
        };
    }

    @Override
    public void close() {
        producer.close(CLOSE_TIMEOUT);
    }
}
