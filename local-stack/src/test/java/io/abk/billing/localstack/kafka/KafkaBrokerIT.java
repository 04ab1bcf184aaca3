package io.abk.billing.localstack.kafka;

import static org.assertj.core.api.Assertions.assertThat;

import io.abk.billing.schemas.topic.Deployment;
import io.abk.billing.schemas.topic.Topic;
import io.abk.billing.schemas.topic.Topics;
import io.abk.billing.topics.ProvisionReport;
import io.abk.billing.topics.ProvisionReport.Outcome;
import io.abk.billing.topics.TopicProvisioner;
import io.abk.billing.topics.TopicSpec;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.IntStream;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.consumer.OffsetAndMetadata;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.config.ConfigResource;
import org.apache.kafka.common.config.TopicConfig;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.apache.kafka.common.serialization.StringSerializer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The in-process broker is a real, durable Kafka: topics, records and committed offsets survive a restart. */
class KafkaBrokerIT {

    private static final Duration TIMEOUT = Duration.ofSeconds(60);
    private static final int PARTITIONS = 3;
    private static final String GROUP = "kafka-broker-it";

    @TempDir
    Path dataDir;

    private static ProvisionReport provision(KafkaBroker broker, List<Topic<?, ?>> topics) {
        var specs = topics.stream()
                .map(topic -> new TopicSpec(topic.name(Deployment.DEFAULT), PARTITIONS, (short) 1, topic.configs()))
                .toList();
        return TopicProvisioner.run(broker.bootstrapServers(), specs, TopicProvisioner.Options.apply(TIMEOUT));
    }

    @Test
    void shouldKeepTopicsRecordsAndOffsetsWhenRestartedOnTheSameDirectory() throws Exception {
        var topic = Topics.SUBSCRIPTION_COMMANDS.name(Deployment.DEFAULT);
        var compacted = new Topic<>(
                "local-stack-it.compacted",
                Topics.CHANGES.keySerde(),
                Topics.CHANGES.valueSerde(),
                Topic.Cleanup.COMPACT,
                Duration.ZERO,
                "test",
                "test");
        List<Topic<?, ?>> topics = List.of(Topics.SUBSCRIPTION_COMMANDS, compacted);
        List<String> firstRun;
        // given a fresh broker with the topics created and ten records, six of them consumed and committed
        try (var broker = KafkaBroker.start(dataDir.resolve("kafka"), 0, TIMEOUT)) {
            assertThat(broker.formattedNow()).isTrue();
            assertThat(provision(broker, topics).topics(Outcome.CREATED))
                    .containsExactlyInAnyOrder(topic, compacted.name(Deployment.DEFAULT));
            produce(broker.bootstrapServers(), topic, 10);
            firstRun = consumeAndCommit(broker.bootstrapServers(), topic, 6);
            assertThat(firstRun).hasSize(6);
        }

        // when the broker starts again on the same directory (on a new port)
        try (var broker = KafkaBroker.start(dataDir.resolve("kafka"), 0, TIMEOUT)) {
            // then nothing is formatted or created again, and the topics keep their partitions and configs
            assertThat(broker.formattedNow()).isFalse();
            assertThat(provision(broker, topics).topics(Outcome.UNCHANGED))
                    .containsExactlyInAnyOrder(topic, compacted.name(Deployment.DEFAULT));
            try (var admin =
                    Admin.create(Map.of(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, broker.bootstrapServers()))) {
                var descriptions = admin.describeTopics(List.of(topic, compacted.name(Deployment.DEFAULT)))
                        .allTopicNames()
                        .get();
                assertThat(descriptions.get(topic).partitions()).hasSize(PARTITIONS);
                var config = admin.describeConfigs(List.of(
                                new ConfigResource(ConfigResource.Type.TOPIC, compacted.name(Deployment.DEFAULT))))
                        .all()
                        .get()
                        .values()
                        .iterator()
                        .next();
                assertThat(config.get(TopicConfig.CLEANUP_POLICY_CONFIG).value())
                        .isEqualTo(TopicConfig.CLEANUP_POLICY_COMPACT);
                // and the group's committed offsets are still there
                var committed = admin.listConsumerGroupOffsets(GROUP)
                        .partitionsToOffsetAndMetadata()
                        .get();
                assertThat(committed.values().stream()
                                .mapToLong(OffsetAndMetadata::offset)
                                .sum())
                        .isEqualTo(6);
            }
            // and the group resumes after the six it committed: the four others, each record once
            var secondRun = consumeAndCommit(broker.bootstrapServers(), topic, 4);
            var all = new ArrayList<>(firstRun);
            all.addAll(secondRun);
            assertThat(all)
                    .containsExactlyInAnyOrderElementsOf(
                            IntStream.range(0, 10).mapToObj(i -> "value-" + i).toList());
            // and new records can be written
            produce(broker.bootstrapServers(), topic, 1);
        }
    }

    @Test
    void shouldServeTheSameAddressWithItsRecordsWhenStoppedAndRestarted() throws Exception {
        var topic = Topics.SUBSCRIPTION_COMMANDS.name(Deployment.DEFAULT);
        try (var broker = KafkaBroker.start(dataDir.resolve("kafka"), 0, TIMEOUT)) {
            // given a broker with a topic and three records
            provision(broker, List.of(Topics.SUBSCRIPTION_COMMANDS));
            produce(broker.bootstrapServers(), topic, 3);
            var address = broker.bootstrapServers();

            // when it stops and starts again
            broker.stop();
            broker.restart(TIMEOUT);

            // then it serves on the same address, with the records, and takes new ones
            assertThat(broker.bootstrapServers()).isEqualTo(address);
            produce(address, topic, 1);
            assertThat(consumeAndCommit(address, topic, 4))
                    .containsExactlyInAnyOrder("value-0", "value-1", "value-2", "value-0");
        }
    }

    private static void produce(String bootstrap, String topic, int count) throws Exception {
        try (var producer = new KafkaProducer<String, String>(
                Map.of(
                        ProducerConfig.BOOTSTRAP_SERVERS_CONFIG,
                        bootstrap,
                        ProducerConfig.ACKS_CONFIG,
                        "all",
                        // A hung send fails the test fast instead of waiting two minutes.
                        ProducerConfig.DELIVERY_TIMEOUT_MS_CONFIG,
                        20_000,
                        ProducerConfig.REQUEST_TIMEOUT_MS_CONFIG,
                        10_000),
                new StringSerializer(),
                new StringSerializer())) {
            for (int i = 0; i < count; i++) {
                producer.send(new ProducerRecord<>(topic, "key-" + i, "value-" + i))
                        .get();
            }
        }
    }

    /** Reads exactly {@code count} records (deadline 60 s) and commits them synchronously. */
    private static List<String> consumeAndCommit(String bootstrap, String topic, int count) {
        var values = new ArrayList<String>();
        try (var consumer = new KafkaConsumer<String, String>(
                Map.of(
                        ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG,
                        bootstrap,
                        ConsumerConfig.GROUP_ID_CONFIG,
                        GROUP,
                        ConsumerConfig.AUTO_OFFSET_RESET_CONFIG,
                        "earliest",
                        ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG,
                        false,
                        ConsumerConfig.MAX_POLL_RECORDS_CONFIG,
                        1),
                new StringDeserializer(),
                new StringDeserializer())) {
            consumer.subscribe(Set.of(topic));
            var deadline = System.nanoTime() + TIMEOUT.toNanos();
            while (values.size() < count && System.nanoTime() < deadline) {
                for (ConsumerRecord<String, String> record : consumer.poll(Duration.ofMillis(200))) {
                    values.add(record.value());
                    consumer.commitSync(Map.of(
                            new TopicPartition(record.topic(), record.partition()),
                            new OffsetAndMetadata(record.offset() + 1)));
                    if (values.size() == count) {
                        break;
                    }
                }
            }
        }
        return values;
    }
}
