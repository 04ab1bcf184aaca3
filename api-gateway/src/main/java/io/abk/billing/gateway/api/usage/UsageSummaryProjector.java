package io.abk.billing.gateway.api.usage;

import io.abk.billing.opskit.kafka.KafkaClientSecurity;
import io.abk.billing.schemas.avro.UsageSummary;
import io.abk.billing.schemas.topic.Deployment;
import io.abk.billing.schemas.topic.Topics;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecords;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.errors.WakeupException;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.context.SmartLifecycle;

/**
 * Projects {@code billing.usage-summaries} into {@code subscription_usage} on a thread of its own: each polled batch is
 * upserted in one statement, then its offsets committed, so a summary is applied at least once; applying one twice, or an older one
 * after a newer, changes nothing ({@link SubscriptionUsageRepository#upsert}). A batch that Kafka or PostgreSQL failed
 * is read again after a backoff, and the failure is its health's ({@link UsageSummariesHealthIndicator}) until a batch
 * goes through. A record it cannot decode is logged and passed over: the summaries are a compacted, derived view, so the
 * subscription's next summary (at most a second after its next event) replaces it, where holding the partition would
 * stop every other subscription's. The gateway's replicas share the group, so each partition is projected by one of
 * them.
 */
public final class UsageSummaryProjector implements SmartLifecycle {

    private static final Logger log = LoggerFactory.getLogger(UsageSummaryProjector.class);
    private static final Duration POLL = Duration.ofMillis(500);
    private static final Duration FIRST_BACKOFF = Duration.ofMillis(100);
    private static final Duration MAX_BACKOFF = Duration.ofSeconds(5);

    private final Map<String, Object> config;
    private final String topic;
    private final String groupId;
    private final SubscriptionUsageRepository usage;
    private final AtomicLong applied = new AtomicLong();
    private final AtomicLong undecodable = new AtomicLong();

    private volatile boolean running;
    private volatile @Nullable String lastError;
    private volatile @Nullable KafkaConsumer<String, byte[]> consumer;
    private @Nullable Thread thread;

    public UsageSummaryProjector(
            String bootstrapServers,
            String groupId,
            KafkaClientSecurity security,
            Deployment deployment,
            SubscriptionUsageRepository usage) {
        var settings = security.applyTo(new HashMap<String, Object>());
        settings.put(ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrapServers);
        this.groupId = deployment.name(groupId);
        settings.put(ConsumerConfig.GROUP_ID_CONFIG, this.groupId);
        settings.put(ConsumerConfig.CLIENT_ID_CONFIG, deployment.name("api-gateway-usage-summaries"));
        settings.put(ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG, false);
        // Compacted: a new group reads every subscription's latest summary.
        settings.put(ConsumerConfig.AUTO_OFFSET_RESET_CONFIG, "earliest");
        this.config = Map.copyOf(settings);
        this.topic = Topics.USAGE_SUMMARIES.name(deployment);
        this.usage = usage;
    }

    @Override
    public synchronized void start() {
        running = true;
        var created = new KafkaConsumer<>(
                config, Topics.USAGE_SUMMARIES.keySerde().deserializer(), new ByteArrayDeserializer());
        consumer = created;
        var started = new Thread(() -> run(created), "usage-summary-projector");
        started.setDaemon(true);
        thread = started;
        started.start();
    }

    private void run(KafkaConsumer<String, byte[]> consumer) {
        var backoff = FIRST_BACKOFF;
        try (consumer) {
            consumer.subscribe(List.of(topic));
            while (running) {
                ConsumerRecords<String, byte[]> records = ConsumerRecords.empty();
                try {
                    records = consumer.poll(POLL);
                    if (!records.isEmpty()) {
                        apply(records);
                        consumer.commitSync();
                    }
                    lastError = null;
                    backoff = FIRST_BACKOFF;
                } catch (WakeupException e) {
                    break;
                } catch (RuntimeException e) {
                    lastError = e.toString();
                    log.warn(
                            "usage summaries not projected records={} retryIn={} error=\"{}\"",
                            records.count(),
                            backoff,
                            e.toString());
                    rewind(consumer, records);
                    sleep(backoff);
                    backoff =
                            backoff.multipliedBy(2).compareTo(MAX_BACKOFF) > 0 ? MAX_BACKOFF : backoff.multipliedBy(2);
                }
            }
        } catch (WakeupException e) {
            // Stopping.
        }
    }

    /** Upserts the batch's summaries in one statement ({@link SubscriptionUsageRepository#upsertAll}). */
    private void apply(ConsumerRecords<String, byte[]> records) {
        var deserializer = Topics.USAGE_SUMMARIES.valueSerde().deserializer();
        var summaries = new ArrayList<UsageSummary>(records.count());
        for (var record : records) {
            UsageSummary summary;
            try {
                summary = deserializer.deserialize(record.topic(), record.value());
            } catch (RuntimeException e) {
                undecodable.incrementAndGet();
                log.error(
                        "event=usage_summary_undecodable topic={} partition={} offset={} key={} error=\"{}\"",
                        record.topic(),
                        record.partition(),
                        record.offset(),
                        record.key(),
                        e.toString());
                continue;
            }
            if (summary == null) {
                continue;
            }
            summaries.add(summary);
        }
        usage.upsertAll(summaries).block(Duration.ofSeconds(30));
        applied.addAndGet(summaries.size());
    }

    /** Whether its thread is at work (started, and not ended by a failure it could not survive). */
    boolean alive() {
        var started = thread;
        return running && started != null && started.isAlive();
    }

    /** The consumer group its replicas share. */
    String groupId() {
        return groupId;
    }

    /** Summaries upserted since the start (a repeated or older one counts too). */
    long applied() {
        return applied.get();
    }

    /** Records passed over because they did not decode as a summary. */
    long undecodable() {
        return undecodable.get();
    }

    /** The failure of its last poll or batch, or null once one went through. */
    @Nullable
    String lastError() {
        return lastError;
    }

    /** Reads the batch again from its first record of each partition. */
    private static void rewind(KafkaConsumer<String, byte[]> consumer, ConsumerRecords<String, byte[]> records) {
        for (var partition : records.partitions()) {
            var first = records.records(partition).getFirst().offset();
            consumer.seek(new TopicPartition(partition.topic(), partition.partition()), first);
        }
    }

    private void sleep(Duration backoff) {
        try {
            Thread.sleep(backoff.toMillis());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            running = false;
        }
    }

    @Override
    public synchronized void stop() {
        running = false;
        var current = consumer;
        if (current != null) {
            current.wakeup();
        }
        var started = thread;
        if (started != null) {
            try {
                started.join(Duration.ofSeconds(10));
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
        consumer = null;
        thread = null;
    }

    @Override
    public boolean isRunning() {
        return running;
    }
}
