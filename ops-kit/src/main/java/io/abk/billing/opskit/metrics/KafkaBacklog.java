package io.abk.billing.opskit.metrics;

import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.admin.ListOffsetsOptions;
import org.apache.kafka.clients.admin.OffsetSpec;
import org.apache.kafka.common.IsolationLevel;
import org.apache.kafka.common.TopicPartition;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * How far behind the process's consumer groups are, and how many records wait on its dead-letter topics, read from
 * the broker every {@code every} and published as gauges:
 * <ul>
 *   <li>{@code billing_consumer_group_lag{group,topic}}: records not yet consumed, summed over the topic's
 *       partitions; the end is the last stable offset (read_committed), so open and aborted transactions do not
 *       count. Every replica of a group reports the same value: a dashboard takes the max per group;</li>
 *   <li>{@code billing_dead_letters{topic}}: records held by a dead-letter topic (within its retention).</li>
 * </ul>
 * Asking the broker (not the consumers' own fetch metrics) gives the group's lag even for partitions no live member
 * owns, which is exactly when it matters. On a topic written in transactions a group at rest can show one record a
 * partition: the commit marker after its last record, which a consumer only steps over with its next fetch. A
 * failed read keeps the previous values and is retried at the next tick.
 */
public final class KafkaBacklog implements AutoCloseable {

    private static final Logger log = LoggerFactory.getLogger(KafkaBacklog.class);

    private final Admin admin;
    private final MeterRegistry registry;
    private final Set<String> groups;
    private final Set<String> deadLetterTopics;
    private final Map<String, Map<String, Long>> lagByGroup = new ConcurrentHashMap<>();
    private final Map<String, Long> deadLetters = new ConcurrentHashMap<>();
    private final Set<String> registered = ConcurrentHashMap.newKeySet();
    private final Set<String> warned = ConcurrentHashMap.newKeySet();
    private final ScheduledExecutorService ticker;

    private KafkaBacklog(Admin admin, MeterRegistry registry, Set<String> groups, Set<String> deadLetterTopics) {
        this.admin = admin;
        this.registry = registry;
        this.groups = Set.copyOf(groups);
        this.deadLetterTopics = Set.copyOf(deadLetterTopics);
        this.ticker = Executors.newSingleThreadScheduledExecutor(runnable -> {
            var thread = new Thread(runnable, "kafka-backlog");
            thread.setDaemon(true);
            return thread;
        });
    }

    /**
     * Starts reading at once and then every {@code every}.
     *
     * @param connection what the service's admin clients connect with: its brokers and their security (a Streams
     *                   app's {@code adminConfig()}, or {@link io.abk.billing.opskit.kafka.KafkaClientSecurity#with})
     */
    public static KafkaBacklog start(
            Map<String, ?> connection,
            MeterRegistry registry,
            Set<String> groups,
            Set<String> deadLetterTopics,
            Duration every) {
        var config = new HashMap<String, Object>(connection);
        config.put(AdminClientConfig.CLIENT_ID_CONFIG, "kafka-backlog");
        config.put(AdminClientConfig.DEFAULT_API_TIMEOUT_MS_CONFIG, 10_000);
        config.put(AdminClientConfig.REQUEST_TIMEOUT_MS_CONFIG, 5_000);
        var admin = Admin.create(config);
        var backlog = new KafkaBacklog(admin, registry, groups, deadLetterTopics);
        backlog.ticker.scheduleWithFixedDelay(backlog::refresh, 0, every.toMillis(), TimeUnit.MILLISECONDS);
        return backlog;
    }

    /** The last lag read for {@code group} on {@code topic}, 0 before the first read. */
    public long lag(String group, String topic) {
        return lagByGroup.getOrDefault(group, Map.of()).getOrDefault(topic, 0L);
    }

    void refresh() {
        for (var group : groups) {
            try {
                var lag = readLag(group);
                lagByGroup.put(group, lag);
                lag.keySet().forEach(topic -> register("billing.consumer.group.lag", group, topic));
            } catch (Exception e) {
                warnOnce("lag:" + group, "event=lag_read_failed group=" + group, e);
            }
        }
        if (!deadLetterTopics.isEmpty()) {
            try {
                deadLetters.putAll(readRecordCounts(deadLetterTopics));
                deadLetterTopics.forEach(topic -> register("billing.dead.letters", null, topic));
            } catch (Exception e) {
                warnOnce("dead-letters", "event=dead_letters_read_failed topics=" + deadLetterTopics, e);
            }
        }
    }

    /** The first failure of a read is a warning (a setting may be wrong); repeats are debug (the broker may be away). */
    private void warnOnce(String key, String event, Exception e) {
        if (warned.add(key)) {
            log.warn("{} error=\"{}\"", event, e.toString());
        } else {
            log.debug("{} error=\"{}\"", event, e.toString());
        }
    }

    private Map<String, Long> readLag(String group) throws Exception {
        var committed = admin.listConsumerGroupOffsets(group)
                .partitionsToOffsetAndMetadata()
                .get(10, TimeUnit.SECONDS);
        var ends = new HashMap<TopicPartition, OffsetSpec>();
        committed.keySet().forEach(partition -> ends.put(partition, OffsetSpec.latest()));
        var endOffsets = ends.isEmpty()
                ? Map.<TopicPartition, org.apache.kafka.clients.admin.ListOffsetsResult.ListOffsetsResultInfo>of()
                : admin.listOffsets(ends, new ListOffsetsOptions(IsolationLevel.READ_COMMITTED))
                        .all()
                        .get(10, TimeUnit.SECONDS);
        var lag = new HashMap<String, Long>();
        committed.forEach((partition, offset) -> {
            var end = endOffsets.get(partition);
            if (offset != null && end != null) {
                lag.merge(partition.topic(), Math.max(0, end.offset() - offset.offset()), Long::sum);
            }
        });
        return lag;
    }

    private Map<String, Long> readRecordCounts(Set<String> topics) throws Exception {
        var partitions = admin.describeTopics(topics).allTopicNames().get(10, TimeUnit.SECONDS).values().stream()
                .flatMap(description -> description.partitions().stream()
                        .map(partition -> new TopicPartition(description.name(), partition.partition())))
                .toList();
        var earliest = offsets(partitions, OffsetSpec.earliest());
        var latest = offsets(partitions, OffsetSpec.latest());
        var counts = new HashMap<String, Long>();
        for (var partition : partitions) {
            counts.merge(
                    partition.topic(),
                    latest.getOrDefault(partition, 0L) - earliest.getOrDefault(partition, 0L),
                    Long::sum);
        }
        return counts;
    }

    private Map<TopicPartition, Long> offsets(List<TopicPartition> partitions, OffsetSpec spec) throws Exception {
        var request = new HashMap<TopicPartition, OffsetSpec>();
        partitions.forEach(partition -> request.put(partition, spec));
        var out = new HashMap<TopicPartition, Long>();
        admin.listOffsets(request)
                .all()
                .get(10, TimeUnit.SECONDS)
                .forEach((partition, info) -> out.put(partition, info.offset()));
        return out;
    }

    private void register(String name, @Nullable String group, String topic) {
        if (!registered.add(name + "|" + group + "|" + topic)) {
            return;
        }
        if (group == null) {
            Gauge.builder(name, deadLetters, counts -> counts.getOrDefault(topic, 0L))
                    .description("records held by a dead-letter topic")
                    .tag("topic", topic)
                    .register(registry);
        } else {
            Gauge.builder(name, this, backlog -> backlog.lag(group, topic))
                    .description("records of the topic the consumer group has not consumed yet")
                    .tags("group", group, "topic", topic)
                    .register(registry);
        }
    }

    @Override
    public void close() {
        ticker.shutdownNow();
        admin.close(Duration.ofSeconds(5));
    }
}
