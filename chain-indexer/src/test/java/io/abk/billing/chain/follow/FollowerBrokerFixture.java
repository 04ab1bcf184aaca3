package io.abk.billing.chain.follow;

import io.abk.billing.kafkatestkit.TestBroker;
import io.abk.billing.schemas.topic.Topics;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HexFormat;
import java.util.concurrent.ThreadLocalRandom;
import org.apache.kafka.clients.admin.NewTopic;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.io.TempDir;

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
                .map(topic -> new NewTopic(topic.name(), 2, (short) 1).configs(topic.configs())).toList());
    }

    @AfterAll
    static void stopBroker() {
        broker.close();
    }

    /** An address no one holds, so that nothing but the test sends to it. */
    static String randomAddress() {
        var bytes = new byte[20];
        ThreadLocalRandom.current().nextBytes(bytes);
        return "0x" + HexFormat.of().formatHex(bytes);
    }
}
