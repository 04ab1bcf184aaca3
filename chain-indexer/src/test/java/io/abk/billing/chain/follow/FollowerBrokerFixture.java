package io.abk.billing.chain.follow;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.abk.billing.kafkatestkit.TestBroker;
import io.abk.billing.schemas.avro.ChainTransfer;
import io.abk.billing.schemas.topic.Deployment;
import io.abk.billing.schemas.topic.Topics;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HexFormat;
import java.util.List;
import java.util.concurrent.ThreadLocalRandom;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.io.TempDir;
import org.web3j.protocol.core.methods.response.TransactionReceipt;

/**
 * What the follower's integration tests share: one real broker per test class with every topic of the catalog on two
 * partitions (so keys spread), read back as downstream reads it. Each test brings its own anvil and chain id.
 */
abstract class FollowerBrokerFixture {

    /** How long a follower may take to publish what a test awaits: anvil and the broker are local, but the machine is shared. */
    static final Duration PATIENCE = Duration.ofSeconds(60);

    @TempDir
    static Path dir;

    static TestBroker broker;

    @BeforeAll
    static void startBroker() throws Exception {
        broker = TestBroker.start(dir.resolve("kafka"));
        broker.createTopics(Topics.all().stream()
                .map(topic -> new NewTopic(topic.name(Deployment.DEFAULT), 2, (short) 1).configs(topic.configs()))
                .toList());
    }

    @AfterAll
    static void stopBroker() {
        broker.close();
    }

    /** A new payout address on the watch list that every follower reads, so its transfers are published. */
    static String watchedPayee() throws Exception {
        var payee = randomAddress();
        TransferLog.watch(broker, payee);
        return payee;
    }

    /** A follower of {@code settings} publishing to the test broker, started. */
    static ChainFollower startedFollower(FollowerSettings settings) {
        var follower = ChainFollower.create(settings, broker.bootstrapServers());
        try {
            follower.start();
        } catch (RuntimeException e) {
            follower.close();
            throw e;
        }
        return follower;
    }

    /**
     * Awaits the retraction of {@code paid} after a reorg took it back: its record published again under the same key,
     * retracted, right after the record that published it. Returns the two records.
     */
    static List<ConsumerRecord<String, ChainTransfer>> awaitRetraction(TransferLog log, TransactionReceipt paid) {
        await().atMost(PATIENCE).until(() -> log.values().size() == 2);
        var records = log.records();
        assertThat(records)
                .extracting(r -> r.key())
                .containsOnly(records.getFirst().key());
        assertThat(records).extracting(r -> r.value().getRetracted()).containsExactly(false, true);
        assertThat(records.get(1).value().getTxHash()).isEqualTo(paid.getTransactionHash());
        return records;
    }

    /** An address no one holds, so that nothing but the test sends to it. */
    static String randomAddress() {
        var bytes = new byte[20];
        ThreadLocalRandom.current().nextBytes(bytes);
        return "0x" + HexFormat.of().formatHex(bytes);
    }
}
