package io.abk.billing.streams.usage;

import io.abk.billing.opskit.kafka.KafkaClientSecurity;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import org.apache.kafka.clients.CommonClientConfigs;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.ConfigEntry;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerGroupMetadata;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.consumer.OffsetAndMetadata;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.KafkaException;
import org.apache.kafka.common.KafkaFuture;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.config.ConfigResource;
import org.apache.kafka.common.errors.TopicExistsException;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;
import org.apache.kafka.common.serialization.ByteArraySerializer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Moves the usage processor's state, once, from the application it ran in before (the aggregates' one,
 * {@code billing-streams}) into its own ({@code billing-streams-usage}), before the usage application first starts. Its
 * state is its stores' changelogs plus the offsets of its two input topics, both named after the application id, so
 * without the move the new application would start empty and read both topics again from their start: the usage of
 * subscriptions tracked more than {@code billing.usage-commands}' seven days ago would be lost.
 *
 * <p>How, in one Kafka transaction: every committed record of each old changelog is copied to the same partition of
 * the new one (made first with the old one's partitions and settings), and the old group's offsets of the two input
 * topics are committed for the new group ({@code sendOffsetsToTransaction}). So the new application restores exactly
 * the state those offsets produced, and goes on from them: no event counted twice, none lost. A move cut short leaves
 * nothing the new application reads (an aborted transaction); the next attempt copies again into the same topics.
 * The coordinator takes the offsets only while the new group has no member, so of two replicas moving at once the
 * second fails and finds the move done at its next check.
 *
 * <p>When: nothing to move once the new group has offsets of the input topics (moved, or started) or when the old one
 * has none (a new deployment). Not while a replica of the earlier build still consumes the input topics in the old
 * group: its state is still changing, so the move waits until it is stopped, and says so.
 */
public final class UsageStateMove {

    private static final Logger log = LoggerFactory.getLogger(UsageStateMove.class);
    private static final Duration POLL = Duration.ofMillis(500);
    /** The broker's default ceiling for a transaction: a large identifier window is copied in one. */
    private static final int TRANSACTION_TIMEOUT_MS = 15 * 60 * 1000;

    private final String fromApplicationId;
    private final String toApplicationId;
    private final Set<String> inputTopics;
    private final List<String> stores;
    private final Map<String, Object> clientConfig;

    /**
     * @param inputTopics  the usage processor's input topics, as the deployment names them
     * @param stores       the usage processor's stores with a changelog
     * @param security     how its producer and consumer reach the broker, as the app's own clients do
     */
    public UsageStateMove(
            String fromApplicationId,
            String toApplicationId,
            Set<String> inputTopics,
            List<String> stores,
            String bootstrapServers,
            KafkaClientSecurity security) {
        this.fromApplicationId = fromApplicationId;
        this.toApplicationId = toApplicationId;
        this.inputTopics = Set.copyOf(inputTopics);
        this.stores = List.copyOf(stores);
        this.clientConfig =
                Map.copyOf(security.with(Map.of(CommonClientConfigs.BOOTSTRAP_SERVERS_CONFIG, bootstrapServers)));
    }

    /** The move of billing-streams' usage processor, by its store names ({@link UsageNodes#DEFAULT}). */
    public static UsageStateMove of(
            String fromApplicationId,
            String toApplicationId,
            Set<String> inputTopics,
            String bootstrapServers,
            KafkaClientSecurity security) {
        var nodes = UsageNodes.DEFAULT;
        return new UsageStateMove(
                fromApplicationId,
                toApplicationId,
                inputTopics,
                List.of(nodes.stateStore(), nodes.identifierStore(), nodes.processedCommandStore()),
                bootstrapServers,
                security);
    }

    /**
     * Moves the state if it has to be: empty once the usage application may start, else what keeps it from starting
     * (the caller checks again a moment later).
     */
    public List<String> problems(Admin admin) throws Exception {
        if (!inputOffsets(admin, toApplicationId).isEmpty()) {
            return List.of();
        }
        var offsets = inputOffsets(admin, fromApplicationId);
        if (offsets.isEmpty()) {
            return List.of();
        }
        var stillRunning = oldMembersOnInputs(admin);
        if (stillRunning > 0) {
            return List.of(stillRunning + " member(s) of " + fromApplicationId + " still consume " + inputTopics
                    + " (a billing-streams of an earlier build): stop them so the usage state can be moved to "
                    + toApplicationId);
        }
        try {
            long copied = move(admin, offsets);
            log.info(
                    "event=usage_state_moved from={} to={} records={} partitions={}",
                    fromApplicationId,
                    toApplicationId,
                    copied,
                    offsets.size());
            return List.of();
        } catch (KafkaException e) {
            log.warn("event=usage_state_move_failed from={} to={} exception={}", fromApplicationId, toApplicationId, e);
            return List.of("moving the usage state from " + fromApplicationId + " to " + toApplicationId + " failed: "
                    + e.getMessage());
        }
    }

    private long move(Admin admin, Map<TopicPartition, OffsetAndMetadata> offsets) throws Exception {
        var producerConfig = new HashMap<>(clientConfig);
        producerConfig.put(ProducerConfig.TRANSACTIONAL_ID_CONFIG, toApplicationId + "-usage-state-move");
        producerConfig.put(ProducerConfig.TRANSACTION_TIMEOUT_CONFIG, TRANSACTION_TIMEOUT_MS);
        var consumerConfig = new HashMap<>(clientConfig);
        consumerConfig.put(ConsumerConfig.ISOLATION_LEVEL_CONFIG, "read_committed");
        consumerConfig.put(ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG, false);
        long copied = 0;
        try (var producer = new KafkaProducer<>(producerConfig, new ByteArraySerializer(), new ByteArraySerializer());
                var consumer =
                        new KafkaConsumer<>(consumerConfig, new ByteArrayDeserializer(), new ByteArrayDeserializer())) {
            producer.initTransactions();
            producer.beginTransaction();
            try {
                for (var store : stores) {
                    var from = changelog(fromApplicationId, store);
                    var to = changelog(toApplicationId, store);
                    if (makeLike(admin, from, to)) {
                        copied += copy(consumer, producer, from, to);
                    }
                }
                producer.sendOffsetsToTransaction(offsets, new ConsumerGroupMetadata(toApplicationId));
                producer.commitTransaction();
            } catch (KafkaException e) {
                producer.abortTransaction();
                throw e;
            }
        }
        return copied;
    }

    /** Makes {@code to} as {@code from} is (partitions, replication, settings) unless it exists; false without a {@code from}. */
    private static boolean makeLike(Admin admin, String from, String to) throws Exception {
        var topics = admin.listTopics().names().get(30, TimeUnit.SECONDS);
        if (!topics.contains(from)) {
            return false;
        }
        if (topics.contains(to)) {
            return true;
        }
        var description = only(admin.describeTopics(List.of(from)).allTopicNames(), from);
        var resource = new ConfigResource(ConfigResource.Type.TOPIC, from);
        var config = only(admin.describeConfigs(List.of(resource)).all(), resource);
        var settings = config.entries().stream()
                .filter(entry -> entry.source() == ConfigEntry.ConfigSource.DYNAMIC_TOPIC_CONFIG)
                .collect(Collectors.toMap(ConfigEntry::name, ConfigEntry::value));
        var partitions = description.partitions();
        var topic = new NewTopic(to, partitions.size(), (short)
                        partitions.getFirst().replicas().size())
                .configs(settings);
        try {
            admin.createTopics(List.of(topic)).all().get(30, TimeUnit.SECONDS);
        } catch (ExecutionException e) {
            if (!(e.getCause() instanceof TopicExistsException)) {
                throw e;
            }
        }
        return true;
    }

    /** Copies every committed record of {@code from} to the same partition of {@code to}; how many. */
    private static long copy(
            KafkaConsumer<byte[], byte[]> consumer, KafkaProducer<byte[], byte[]> producer, String from, String to) {
        var partitions = consumer.partitionsFor(from).stream()
                .map(info -> new TopicPartition(from, info.partition()))
                .toList();
        consumer.assign(partitions);
        consumer.seekToBeginning(partitions);
        var ends = consumer.endOffsets(partitions);
        long copied = 0;
        var remaining = new ArrayList<>(partitions);
        remaining.removeIf(partition -> consumer.position(partition) >= ends.getOrDefault(partition, 0L));
        while (!remaining.isEmpty()) {
            for (var record : consumer.poll(POLL)) {
                producer.send(new ProducerRecord<>(
                        to, record.partition(), record.timestamp(), record.key(), record.value(), record.headers()));
                copied++;
            }
            remaining.removeIf(partition -> consumer.position(partition) >= ends.getOrDefault(partition, 0L));
        }
        consumer.unsubscribe();
        return copied;
    }

    /** The group's committed offsets of the usage processor's input topics. */
    private Map<TopicPartition, OffsetAndMetadata> inputOffsets(Admin admin, String group) throws Exception {
        var offsets = admin.listConsumerGroupOffsets(group)
                .partitionsToOffsetAndMetadata()
                .get(30, TimeUnit.SECONDS);
        var inputs = new HashMap<TopicPartition, OffsetAndMetadata>();
        offsets.forEach((partition, offset) -> {
            if (offset != null && inputTopics.contains(partition.topic())) {
                inputs.put(partition, offset);
            }
        });
        return inputs;
    }

    /** How many members of the old group are assigned a partition of an input topic. */
    private long oldMembersOnInputs(Admin admin) throws Exception {
        var group =
                only(admin.describeConsumerGroups(List.of(fromApplicationId)).all(), fromApplicationId);
        return group.members().stream()
                .filter(member -> member.assignment().topicPartitions().stream()
                        .anyMatch(partition -> inputTopics.contains(partition.topic())))
                .count();
    }

    /** The entry of {@code key} in the admin client's answer about it alone, awaited for at most 30 s. */
    private static <K, V> V only(KafkaFuture<Map<K, V>> answer, K key) throws Exception {
        return Objects.requireNonNull(answer.get(30, TimeUnit.SECONDS).get(key), key::toString);
    }

    private static String changelog(String applicationId, String store) {
        return applicationId + "-" + store + "-changelog";
    }
}
