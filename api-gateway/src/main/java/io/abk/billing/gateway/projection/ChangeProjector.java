package io.abk.billing.gateway.projection;

import io.abk.billing.schemas.avro.Change;
import io.abk.billing.schemas.topic.Topics;
import java.sql.SQLException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRebalanceListener;
import org.apache.kafka.clients.consumer.ConsumerRecords;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.common.KafkaException;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.errors.WakeupException;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.context.SmartLifecycle;

/**
 * Projects {@code billing.changes} into the read model on a dedicated thread. Each polled batch is applied in
 * one PostgreSQL transaction together with the consumer positions ({@link ProjectionWriter}), so the stored
 * offsets, not Kafka's committed ones, say where to resume: a change is never lost (positions advance only with
 * the data) and never applied twice in effect (snapshots carry versions, outcomes are keyed by command id).
 *
 * <p>On assignment, partitions are paused until they have been positioned at their stored offsets; after a
 * database failure every partition goes back to that state, so the batch that failed is read again. Revocation
 * needs no work: batches are applied between polls, and rebalance callbacks only run inside {@code poll()}.
 */
public final class ChangeProjector implements SmartLifecycle {

    private static final Logger log = LoggerFactory.getLogger(ChangeProjector.class);
    private static final String TOPIC = Topics.CHANGES.name();
    private static final Duration FIRST_BACKOFF = Duration.ofMillis(100);

    /** Where the projector stands; it logs each change of state once. */
    public enum State { STARTING, JOINING, RUNNING, KAFKA_UNAVAILABLE, DATABASE_UNAVAILABLE, STOPPED }

    /** The Kafka side of the projector. */
    public record Settings(String bootstrapServers, String groupId, int maxBatch, Duration pollTimeout, Duration maxBackoff) {
    }

    private final Settings settings;
    private final ProjectionWriter writer;
    private final OutcomeListener listener;
    private final ProjectorStats stats = new ProjectorStats();
    private final Object sleeper = new Object();
    private final Set<TopicPartition> awaitingPosition = new HashSet<>();
    private final Map<TopicPartition, Long> undecodable = new HashMap<>();

    private volatile boolean running;
    /** The group has assigned this member its partitions (possibly none) since the consumer was created. */
    private volatile boolean joined;
    private volatile State state = State.STOPPED;
    private volatile @Nullable String lastError;
    private volatile Set<TopicPartition> assigned = Set.of();
    private volatile @Nullable KafkaConsumer<String, byte[]> consumer;
    private @Nullable Thread thread;

    public ChangeProjector(Settings settings, JdbcSettings jdbc, OutcomeListener listener) {
        this.settings = settings;
        this.writer = new ProjectionWriter(jdbc, settings.groupId());
        this.listener = listener;
    }

    @Override
    public synchronized void start() {
        if (running) {
            return;
        }
        running = true;
        state = State.STARTING;
        var worker = new Thread(this::run, "read-model-projector");
        worker.setDaemon(true);
        thread = worker;
        worker.start();
    }

    @Override
    public synchronized void stop() {
        running = false;
        var current = consumer;
        if (current != null) {
            current.wakeup();
        }
        synchronized (sleeper) {
            sleeper.notifyAll();
        }
        var worker = thread;
        if (worker != null) {
            try {
                worker.join(Duration.ofSeconds(15));
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
        thread = null;
    }

    @Override
    public boolean isRunning() {
        return running;
    }

    /** Starts before the web server and stops after it, so requests still waiting for outcomes get them. */
    @Override
    public int getPhase() {
        return 0;
    }

    public State state() {
        return state;
    }

    public @Nullable String lastError() {
        return lastError;
    }

    public Set<TopicPartition> assignment() {
        return assigned;
    }

    /** Partitions held at an offset whose record cannot be decoded (a schema this build does not know). */
    public Map<TopicPartition, Long> undecodablePositions() {
        synchronized (undecodable) {
            return Map.copyOf(undecodable);
        }
    }

    public ProjectorStats stats() {
        return stats;
    }

    private void run() {
        var backoff = FIRST_BACKOFF;
        try {
            while (running) {
                try {
                    var kafka = consumer != null ? consumer : connect();
                    if (!awaitingPosition.isEmpty()) {
                        positionFromStore(kafka);
                    }
                    var records = kafka.poll(settings.pollTimeout());
                    if (!records.isEmpty()) {
                        apply(kafka, records);
                    }
                    if (state != State.RUNNING && joined && awaitingPosition.isEmpty()) {
                        transition(State.RUNNING, null);
                    }
                    backoff = FIRST_BACKOFF;
                } catch (WakeupException e) {
                    // stop() woke the poll; the loop condition decides.
                } catch (SQLException e) {
                    transition(State.DATABASE_UNAVAILABLE, e);
                    rewindToStore();
                    backoff = sleep(backoff);
                } catch (KafkaException e) {
                    transition(State.KAFKA_UNAVAILABLE, e);
                    closeConsumer();
                    backoff = sleep(backoff);
                }
            }
        } catch (RuntimeException e) {
            log.error("read-model projector stopped by an unexpected error", e);
            lastError = e.toString();
        } finally {
            closeConsumer();
            writer.close();
            transition(State.STOPPED, null);
        }
    }

    private KafkaConsumer<String, byte[]> connect() {
        var created = new KafkaConsumer<>(consumerConfig(), Topics.CHANGES.keySerde().deserializer(), new ByteArrayDeserializer());
        consumer = created;
        joined = false;
        created.subscribe(List.of(TOPIC), new Rebalance(created));
        transition(State.JOINING, null);
        return created;
    }

    private Map<String, Object> consumerConfig() {
        var config = new HashMap<String, Object>();
        config.put(ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, settings.bootstrapServers());
        config.put(ConsumerConfig.GROUP_ID_CONFIG, settings.groupId());
        config.put(ConsumerConfig.CLIENT_ID_CONFIG, "api-gateway-projector");
        // Positions live in PostgreSQL with the data; Kafka's committed offsets are never written or read.
        config.put(ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG, false);
        // Changes are written in the processors' transactions: never project an aborted one.
        config.put(ConsumerConfig.ISOLATION_LEVEL_CONFIG, "read_committed");
        config.put(ConsumerConfig.AUTO_OFFSET_RESET_CONFIG, "earliest");
        config.put(ConsumerConfig.MAX_POLL_RECORDS_CONFIG, settings.maxBatch());
        return config;
    }

    private void positionFromStore(KafkaConsumer<String, byte[]> kafka) throws SQLException {
        var stored = writer.storedOffsets(TOPIC);
        var partitions = List.copyOf(awaitingPosition);
        for (var partition : partitions) {
            var offset = stored.get(partition);
            if (offset != null) {
                kafka.seek(partition, offset);
            } else {
                kafka.seekToBeginning(List.of(partition));
            }
        }
        var resumable = new ArrayList<>(partitions);
        synchronized (undecodable) {
            resumable.removeAll(undecodable.keySet());
        }
        kafka.resume(resumable);
        awaitingPosition.clear();
        log.info("projector positioned group={} partitions={} fromStoredOffsets={}", settings.groupId(), partitions.size(),
                partitions.stream().filter(stored::containsKey).count());
    }

    private void apply(KafkaConsumer<String, byte[]> kafka, ConsumerRecords<String, byte[]> records) throws SQLException {
        long started = System.nanoTime();
        var changes = new ArrayList<Change>(records.count());
        var nextOffsets = new HashMap<TopicPartition, Long>();
        var blocked = new HashMap<TopicPartition, Long>();
        var deserializer = Topics.CHANGES.valueSerde().deserializer();
        for (var partition : records.partitions()) {
            for (var record : records.records(partition)) {
                try {
                    changes.add(deserializer.deserialize(TOPIC, record.value()));
                } catch (RuntimeException e) {
                    // Skipping would lose a change for good; hold the partition here until a build that can read
                    // the record is deployed, and apply what came before it.
                    log.error("cannot decode change topic={} partition={} offset={}: partition held", TOPIC,
                            partition.partition(), record.offset(), e);
                    blocked.put(partition, record.offset());
                    break;
                }
                nextOffsets.put(partition, record.offset() + 1);
            }
        }
        var batch = ProjectionBatch.of(changes, nextOffsets);
        writer.apply(batch);
        if (!blocked.isEmpty()) {
            synchronized (undecodable) {
                undecodable.putAll(blocked);
            }
            blocked.forEach(kafka::seek);
            kafka.pause(blocked.keySet());
            lastError = "undecodable change at " + blocked;
        }
        stats.recordBatch(batch.changeCount(), System.nanoTime() - started);
        try {
            listener.projected(batch.outcomes());
        } catch (RuntimeException e) {
            log.warn("outcome listener failed; waiters will still hear of the outcomes through NOTIFY", e);
        }
    }

    /** After a failed transaction, every partition waits to be positioned again from what was committed. */
    private void rewindToStore() {
        var kafka = consumer;
        if (kafka == null) {
            return;
        }
        var partitions = kafka.assignment();
        kafka.pause(partitions);
        awaitingPosition.addAll(partitions);
    }

    private void closeConsumer() {
        var current = consumer;
        consumer = null;
        awaitingPosition.clear();
        assigned = Set.of();
        joined = false;
        if (current != null) {
            try {
                current.close(Duration.ofSeconds(5));
            } catch (RuntimeException e) {
                log.debug("projector consumer close failed", e);
            }
        }
    }

    private Duration sleep(Duration backoff) {
        synchronized (sleeper) {
            if (running) {
                try {
                    sleeper.wait(backoff.toMillis());
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    running = false;
                }
            }
        }
        var doubled = backoff.multipliedBy(2);
        return doubled.compareTo(settings.maxBackoff()) > 0 ? settings.maxBackoff() : doubled;
    }

    private void transition(State next, @Nullable Throwable cause) {
        if (cause != null) {
            lastError = cause.toString();
        }
        if (state == next) {
            return;
        }
        var previous = state;
        state = next;
        if (cause != null) {
            log.warn("projector state={} previous={} group={} error=\"{}\"", next, previous, settings.groupId(), cause.toString());
        } else {
            log.info("projector state={} previous={} group={}", next, previous, settings.groupId());
        }
    }

    /** Pauses newly assigned partitions until the loop has positioned them at their stored offsets. */
    private final class Rebalance implements ConsumerRebalanceListener {
        private final KafkaConsumer<String, byte[]> kafka;

        Rebalance(KafkaConsumer<String, byte[]> kafka) {
            this.kafka = kafka;
        }

        @Override
        public void onPartitionsAssigned(Collection<TopicPartition> partitions) {
            kafka.pause(partitions);
            awaitingPosition.addAll(partitions);
            assigned = Set.copyOf(kafka.assignment());
            // A member given nothing (more replicas than partitions) has joined all the same and is healthy.
            joined = true;
            log.info("projector assigned group={} partitions={}", settings.groupId(), partitions);
        }

        @Override
        public void onPartitionsRevoked(Collection<TopicPartition> partitions) {
            forget(partitions);
        }

        @Override
        public void onPartitionsLost(Collection<TopicPartition> partitions) {
            forget(partitions);
        }

        private void forget(Collection<TopicPartition> partitions) {
            awaitingPosition.removeAll(partitions);
            synchronized (undecodable) {
                undecodable.keySet().removeAll(partitions);
            }
            assigned = Set.copyOf(kafka.assignment().stream().filter(p -> !partitions.contains(p)).toList());
        }
    }
}
