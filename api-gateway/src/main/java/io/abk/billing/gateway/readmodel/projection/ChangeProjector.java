package io.abk.billing.gateway.readmodel.projection;

import io.abk.billing.schemas.topic.Topics;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.binder.kafka.KafkaClientMetrics;
import java.sql.SQLException;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecords;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.common.KafkaException;
import org.apache.kafka.common.Metric;
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
 * offsets, not Kafka's committed ones, say where to resume ({@link PartitionPositions}): a change is never lost
 * (positions advance only with the data) and never applied twice in effect (snapshots carry versions, outcomes
 * are keyed by command id). After each commit the outcomes go to the {@link OutcomeListener} (the in-process
 * fast path); other replicas hear of them through the batch's NOTIFY. While it holds every partition, it keeps
 * {@link ProjectedResources} current, putting each batch's rows there before the transaction commits, and lets it
 * serve reads for half a session after the group's coordinator last answered.
 *
 * <p>Kafka or PostgreSQL being down, at start or later, is a state to wait out with backoff, logged once per
 * change of state; the thread only ends on {@link #stop()}.
 */
public final class ChangeProjector implements SmartLifecycle {

    /** How long a silent projector keeps its partitions (see {@link #consumerConfig()}). */
    static final int SESSION_TIMEOUT_MS = 10_000;

    private volatile @Nullable MeterRegistry registry;
    private volatile @Nullable KafkaClientMetrics clientMetrics;

    private static final Logger log = LoggerFactory.getLogger(ChangeProjector.class);
    private static final Duration FIRST_BACKOFF = Duration.ofMillis(100);

    /** Where the projector stands. */
    public enum State {
        STARTING,
        JOINING,
        RUNNING,
        KAFKA_UNAVAILABLE,
        DATABASE_UNAVAILABLE,
        STOPPED
    }

    private final ProjectorSettings settings;
    private final ProjectionWriter writer;
    private final OutcomeListener listener;
    private final ProjectedResources resources;
    private final ProjectorStats stats = new ProjectorStats();
    private final ProjectorBacklog backlog = new ProjectorBacklog();
    private final Object sleeper = new Object();

    private volatile boolean running;
    private volatile State state = State.STOPPED;
    private volatile @Nullable String lastError;
    private volatile @Nullable KafkaConsumer<String, byte[]> consumer;
    private volatile @Nullable PartitionPositions positions;
    private @Nullable Thread thread;
    /** The consumer's count of heartbeats answered, and its last value seen. */
    private @Nullable Metric heartbeats;

    private double heartbeatsSeen;
    private long previousSampleNanos = System.nanoTime();

    public ChangeProjector(ProjectorSettings settings, JdbcSettings jdbc, OutcomeListener listener) {
        this(settings, jdbc, listener, ProjectedResources.none());
    }

    public ChangeProjector(
            ProjectorSettings settings, JdbcSettings jdbc, OutcomeListener listener, ProjectedResources resources) {
        this.settings = settings;
        this.writer = new ProjectionWriter(jdbc, settings.groupId());
        this.listener = listener;
        this.resources = resources;
    }

    /**
     * Publishes the projector consumer's own metrics to {@code registry} from its next connection on: its fetch lag
     * above all ({@code kafka_consumer_fetch_manager_records_lag_max}), the one lag the broker cannot tell, since the
     * projector keeps its positions in PostgreSQL rather than as committed offsets.
     */
    public void bindMetrics(MeterRegistry registry) {
        this.registry = registry;
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
        var current = positions;
        return current == null ? Set.of() : current.assigned();
    }

    /** Partitions held at an offset whose record cannot be decoded (a schema this build does not know). */
    public Map<TopicPartition, Long> undecodablePositions() {
        var current = positions;
        return current == null ? Map.of() : current.held();
    }

    public ProjectorStats stats() {
        return stats;
    }

    /** The changes it has still to apply, or {@link ProjectorBacklog#UNKNOWN} before it has measured them. */
    public long backlog() {
        return backlog.changes();
    }

    /**
     * Whether it has applied all but {@link ProjectorBacklog#CAUGHT_UP_WITHIN} of its partitions' changes since its
     * consumer joined: before that, a request's outcome waits behind the changes it has not applied yet.
     */
    public boolean caughtUp() {
        return backlog.caughtUp();
    }

    private void run() {
        var backoff = FIRST_BACKOFF;
        try {
            while (running) {
                try {
                    var kafka = consumer != null ? consumer : connect();
                    var partitions = positions;
                    if (partitions != null && partitions.needsPositioning()) {
                        partitions.positionAt(writer.storedOffsets(settings.topic()));
                    }
                    // Counted before the poll, which then acts on any of those answers that ended the membership.
                    long sampledAt = System.nanoTime();
                    double answered = heartbeatsAnswered();
                    var records = kafka.poll(settings.pollTimeout());
                    if (!records.isEmpty()) {
                        apply(records);
                    }
                    refreshServing(answered, sampledAt);
                    if (partitions != null && partitions.joined() && !partitions.needsPositioning()) {
                        backlog.measure(kafka, partitions.assigned());
                        if (state != State.RUNNING) {
                            transition(State.RUNNING, null);
                        }
                    }
                    backoff = FIRST_BACKOFF;
                } catch (WakeupException e) {
                    // stop() woke the poll; the loop condition decides.
                } catch (SQLException e) {
                    transition(State.DATABASE_UNAVAILABLE, e);
                    var partitions = positions;
                    if (partitions != null) {
                        partitions.rewind();
                    }
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
        var created = new KafkaConsumer<>(
                consumerConfig(), Topics.CHANGES.keySerde().deserializer(), new ByteArrayDeserializer());
        var createdPositions = new PartitionPositions(created, settings.groupId(), resources::stopServing);
        consumer = created;
        positions = createdPositions;
        backlog.reset();
        heartbeats = heartbeatCount(created);
        heartbeatsSeen = 0;
        previousSampleNanos = System.nanoTime();
        created.subscribe(List.of(settings.topic()), createdPositions);
        var meters = registry;
        if (meters != null) {
            var bound = new KafkaClientMetrics(created);
            bound.bindTo(meters);
            clientMetrics = bound;
        }
        transition(State.JOINING, null);
        return created;
    }

    Map<String, Object> consumerConfig() {
        var config = settings.security().applyTo(new HashMap<String, Object>());
        config.put(ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, settings.bootstrapServers());
        config.put(ConsumerConfig.GROUP_ID_CONFIG, settings.groupId());
        config.put(ConsumerConfig.CLIENT_ID_CONFIG, settings.deployment().name("api-gateway-projector"));
        // Positions live in PostgreSQL with the data; Kafka's committed offsets are never written or read.
        config.put(ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG, false);
        // Changes are written in the processors' transactions: never project an aborted one.
        config.put(ConsumerConfig.ISOLATION_LEVEL_CONFIG, "read_committed");
        config.put(ConsumerConfig.AUTO_OFFSET_RESET_CONFIG, "earliest");
        config.put(ConsumerConfig.MAX_POLL_RECORDS_CONFIG, settings.maxBatch());
        // With several gateways, a killed one's partitions move to another projector only once its session expires,
        // and requests waiting on those partitions' outcomes wait that long: 10 s, not Kafka's 45 s default.
        config.put(ConsumerConfig.SESSION_TIMEOUT_MS_CONFIG, SESSION_TIMEOUT_MS);
        // A static member restarted after a crash takes its old place at once instead of waiting out that session.
        if (!settings.instanceId().isEmpty()) {
            config.put(ConsumerConfig.GROUP_INSTANCE_ID_CONFIG, settings.instanceId());
        }
        return config;
    }

    private void apply(ConsumerRecords<String, byte[]> records) throws SQLException {
        long started = System.nanoTime();
        var polled = PolledChanges.decode(records);
        var batch = ProjectionBatch.of(polled.changes(), polled.nextOffsets());
        var partitions = positions;
        if (partitions != null && partitions.holdsEveryPartition()) {
            // Before the commit: no request hears of these changes before a read here can see them.
            resources.put(batch);
        }
        writer.apply(batch);
        if (!polled.undecodable().isEmpty()) {
            lastError = "undecodable change at " + polled.undecodable();
            if (partitions != null) {
                partitions.hold(polled.undecodable());
            }
        }
        stats.recordBatch(batch.changeCount(), System.nanoTime() - started);
        try {
            listener.projected(batch.outcomes());
        } catch (RuntimeException e) {
            log.warn("outcome listener failed; waiters still hear of the outcomes through NOTIFY", e);
        }
    }

    /**
     * Lets {@link ProjectedResources} serve while this member holds every partition, until half a session after
     * the coordinator last answered it: the coordinator gives a member's partitions away only a whole session
     * after its last heartbeat, and by then this replica has stopped answering from memory.
     */
    private void refreshServing(double answered, long sampledAt) {
        var partitions = positions;
        if (!resources.enabled() || partitions == null) {
            return;
        }
        if (!partitions.holdsEveryPartition()) {
            if (resources.serving()) {
                resources.stopServing();
            }
            return;
        }
        if (answered > heartbeatsSeen) {
            // The answer came after the previous sample: count it from then, to be safe.
            heartbeatsSeen = answered;
            partitions.coordinatorAnswered(previousSampleNanos);
        }
        previousSampleNanos = sampledAt;
        resources.serveUntil(partitions.lastCoordinatorAnswerNanos()
                + Duration.ofMillis(SESSION_TIMEOUT_MS / 2).toNanos());
    }

    private double heartbeatsAnswered() {
        var count = heartbeats;
        return count != null && count.metricValue() instanceof Double answered ? answered : 0;
    }

    /** The classic group protocol's count of heartbeat answers ({@code consumer-coordinator-metrics}). */
    private static @Nullable Metric heartbeatCount(KafkaConsumer<?, ?> consumer) {
        for (var entry : consumer.metrics().entrySet()) {
            var name = entry.getKey();
            if (name.name().equals("heartbeat-total") && name.group().equals("consumer-coordinator-metrics")) {
                return entry.getValue();
            }
        }
        log.warn("projector consumer has no heartbeat-total metric: reads by id are not served from memory");
        return null;
    }

    private void closeConsumer() {
        resources.stopServing();
        var bound = clientMetrics;
        clientMetrics = null;
        if (bound != null) {
            bound.close();
        }
        var current = consumer;
        consumer = null;
        positions = null;
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
            log.warn(
                    "projector state={} previous={} group={} error=\"{}\"",
                    next,
                    previous,
                    settings.groupId(),
                    cause.toString());
        } else {
            log.info("projector state={} previous={} group={}", next, previous, settings.groupId());
        }
    }
}
