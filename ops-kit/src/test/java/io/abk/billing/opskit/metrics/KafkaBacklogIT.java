package io.abk.billing.opskit.metrics;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

import io.abk.billing.kafkatestkit.TestBroker;
import io.abk.billing.opskit.config.Env;
import io.abk.billing.opskit.kafka.KafkaClientSecurity;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.admin.DescribeClusterOptions;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.consumer.OffsetAndMetadata;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.errors.TimeoutException;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.apache.kafka.common.serialization.StringSerializer;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The lag and dead-letter gauges read what the broker says about a group and a topic. */
class KafkaBacklogIT {

    @TempDir
    static Path logDir;

    private static TestBroker broker;

    @BeforeAll
    static void startBroker() throws Exception {
        broker = TestBroker.start(logDir);
        broker.createTopics(List.of(new NewTopic("work", 2, (short) 1), new NewTopic("work-dlt", 1, (short) 1)));
        produce(broker, "work", 10, 2);
        produce(broker, "work-dlt", 3, 1);
        commit(broker, "workers", Map.of(new TopicPartition("work", 0), 2L, new TopicPartition("work", 1), 2L));
    }

    @AfterAll
    static void stopBroker() {
        broker.close();
    }

    @Test
    void shouldPublishAGroupsLagPerTopicAndTheRecordsOnADeadLetterTopic() throws Exception {
        var registry = new SimpleMeterRegistry();

        try (var backlog = KafkaBacklog.start(
                Map.of(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, broker.bootstrapServers()),
                registry,
                Set.of("workers"),
                Set.of("work-dlt"),
                Duration.ofMillis(200))) {
            await().atMost(Duration.ofSeconds(30)).ignoreExceptions().untilAsserted(() -> {
                assertThat(registry.get("billing.consumer.group.lag")
                                .tags("group", "workers", "topic", "work")
                                .gauge()
                                .value())
                        .isEqualTo(6.0);
                assertThat(registry.get("billing.dead.letters")
                                .tag("topic", "work-dlt")
                                .gauge()
                                .value())
                        .isEqualTo(3.0);
            });
            assertThat(backlog.lag("workers", "work")).isEqualTo(6);
            assertThat(backlog.lag("nobody", "work")).isZero();
        }
    }

    /** Protects every service's lag gauge, and so the pattern of every Kafka client, on a broker that wants a login. */
    @Test
    void shouldReadTheLagFromALoginOnlyListenerWithTheSecuritySettingsOfTheEnvironment() {
        var plain = Map.<String, Object>of(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, broker.saslBootstrapServers());
        var security = KafkaClientSecurity.fromEnv(new Env(TestBroker.saslClientEnvironment()));
        // The listener refuses a client that does not log in: the settings below are what makes the read work.
        try (var anonymous = Admin.create(plain)) {
            assertThatThrownBy(() -> anonymous
                            .describeCluster(new DescribeClusterOptions().timeoutMs(2_000))
                            .clusterId()
                            .get())
                    .hasCauseInstanceOf(TimeoutException.class);
        }
        var registry = new SimpleMeterRegistry();

        try (var backlog = KafkaBacklog.start(
                security.with(plain), registry, Set.of("workers"), Set.of(), Duration.ofMillis(200))) {
            await().atMost(Duration.ofSeconds(30)).until(() -> backlog.lag("workers", "work") == 6);
        }
    }

    private static void produce(TestBroker broker, String topic, int count, int partitions) throws Exception {
        try (var producer = new KafkaProducer<>(
                Map.<String, Object>of(ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, broker.bootstrapServers()),
                new StringSerializer(),
                new StringSerializer())) {
            for (int i = 0; i < count; i++) {
                // round robin over the partitions: 5 records each in "work"
                producer.send(new ProducerRecord<>(topic, i % partitions, "key-" + i, "value-" + i))
                        .get();
            }
        }
    }

    private static void commit(TestBroker broker, String group, Map<TopicPartition, Long> offsets) {
        try (var consumer = new KafkaConsumer<>(
                Map.<String, Object>of(
                        ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG,
                        broker.bootstrapServers(),
                        ConsumerConfig.GROUP_ID_CONFIG,
                        group),
                new StringDeserializer(),
                new StringDeserializer())) {
            var commits = new java.util.HashMap<TopicPartition, OffsetAndMetadata>();
            offsets.forEach((partition, offset) -> commits.put(partition, new OffsetAndMetadata(offset)));
            consumer.commitSync(commits);
        }
    }
}
