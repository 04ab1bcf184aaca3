package io.abk.billing.streamskit.lifecycle;

import io.abk.billing.opskit.http.Health;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.binder.kafka.KafkaStreamsMetrics;
import java.time.Clock;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Supplier;
import org.apache.kafka.streams.CloseOptions;
import org.apache.kafka.streams.KafkaStreams;
import org.apache.kafka.streams.StreamsConfig;
import org.apache.kafka.streams.Topology;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One running Kafka Streams topology, from creation to close; every Streams service runs its topology through
 * this. {@link #startWhenTopicsExist()} returns at once: Kafka Streams starts in the background as soon as every
 * topic of the topology exists (the app creates none; until then {@link #state()} stays {@code CREATED}), or the
 * start fails once they have been missing for {@link #TOPICS_WAIT} ({@link #startFailure()}), and
 * {@link #isReady()} turns true once every task is assigned and its stores restored. A stream thread that fails is
 * replaced or shuts the app down as {@link StreamThreadFailureHandler} says. Closing leaves the consumer group,
 * so a restarted or replacement instance gets the partitions at once instead of after the session timeout, and
 * never wipes local state ({@code cleanUp()}): a restart restores from local RocksDB plus the changelog tail
 * instead of the whole log. Each instance is a static member of its group ({@link StaticMembership}), so after a
 * crash the same instance gets its tasks back at once rather than once its old session has expired.
 *
 * <p>A service may run more than one application ({@link #include}): billing-streams runs its usage processor as an
 * application of its own, committing less often than the aggregates. The included app starts, stops, reports and
 * fails with this one, so the service still has one liveness, one readiness and one life.
 */
public final class StreamsApp implements AutoCloseable {

    private static final Logger log = LoggerFactory.getLogger(StreamsApp.class);
    /**
     * How long an app waits for its topics before it fails its start ({@link #giveUpOnTopicsAfter}): the topics step
     * runs before the services (docker-compose orders them, the local stack provisions first), so topics still
     * missing after two minutes are a deployment that forgot the step or points at the wrong broker, and a start
     * that fails says so where waiting would not. A broker that is down at start looks the same and gets the same
     * answer: the supervisor restarts the process.
     */
    public static final Duration TOPICS_WAIT = Duration.ofMinutes(2);
    /** Long enough to commit the open transaction and leave the group; bounded so a shutdown never hangs. */
    static final Duration CLOSE_TIMEOUT = Duration.ofSeconds(30);

    private final String applicationId;
    private final KafkaStreams streams;
    private final TopicsReadiness readiness;
    private final Map<String, Object> adminConfig;
    private final Termination terminated;
    private final List<StreamsApp> included = new CopyOnWriteArrayList<>();
    private final List<AutoCloseable> companions = new CopyOnWriteArrayList<>();
    private final List<Supplier<Map<String, Health>>> components = new CopyOnWriteArrayList<>();
    private final Set<String> consumerGroups = new java.util.concurrent.CopyOnWriteArraySet<>();
    private final Set<String> deadLetterTopics = new java.util.concurrent.CopyOnWriteArraySet<>();
    private final ActiveRestorations restorations = new ActiveRestorations();

    private StreamsApp(
            String applicationId,
            KafkaStreams streams,
            TopicsReadiness readiness,
            Map<String, Object> adminConfig,
            Termination terminated) {
        this.applicationId = applicationId;
        this.terminated = terminated;
        this.streams = streams;
        this.readiness = readiness;
        this.adminConfig = Map.copyOf(adminConfig);
    }

    /**
     * Builds the Kafka Streams client of {@code topology} and logs the topology, but starts nothing yet, so the
     * service can log its own start line first; then call {@link #startWhenTopicsExist()}. {@code topics} are the
     * names of every topic the topology reads or writes. A bad client configuration fails here, in the caller.
     */
    public static StreamsApp create(String applicationId, Topology topology, Properties props, Set<String> topics) {
        return create(applicationId, topology, props, TopicRequirements.existing(topics));
    }

    /**
     * As {@link #create(String, Topology, Properties, Set)}, starting only once the topics also pass the layout
     * check of {@code requirements}.
     */
    public static StreamsApp create(
            String applicationId, Topology topology, Properties props, TopicRequirements requirements) {
        log.info("event=streams_topology applicationId={} topology={}", applicationId, topology.describe());
        // A restart after a crash takes the instance's old place in the group instead of waiting out its session.
        var streams = new KafkaStreams(topology, StaticMembership.withInstanceId(props));
        // Giving up on the topics ends the app's life as a failure into ERROR would: awaitTermination returns.
        var terminated = new Termination();
        var config = new StreamsConfig(props);
        var readiness = new TopicsReadiness(
                streams,
                config.getAdminConfigs(applicationId + "-topics-check"),
                requirements,
                TOPICS_WAIT,
                terminated::end);
        var app = new StreamsApp(
                applicationId, streams, readiness, config.getAdminConfigs(applicationId + "-admin"), terminated);
        streams.setUncaughtExceptionHandler(new StreamThreadFailureHandler(Clock.systemUTC()));
        streams.setGlobalStateRestoreListener(app.restorations);
        streams.setStateListener((next, previous) -> {
            log.info("event=streams_state from={} to={} applicationId={}", previous, next, applicationId);
            if (next == KafkaStreams.State.NOT_RUNNING || next == KafkaStreams.State.ERROR) {
                app.terminated.end();
            }
        });
        return app;
    }

    /**
     * Runs {@code other} as part of this app's service, from now on: {@link #startWhenTopicsExist()} and
     * {@link #giveUpOnTopicsAfter} start it too, its liveness and readiness count in this app's (its details prefixed
     * with its application id), its consumer groups and dead-letter topics are this app's too, its metrics are bound
     * with this app's, it is closed first when this app closes, and its end ends this app's life
     * ({@link #awaitTermination()} returns, {@link #exitWhenFailed()} exits with status 1 if it failed).
     */
    public void include(StreamsApp other) {
        included.add(other);
        other.terminated.onEnd(terminated::end);
        closeWith(other);
    }

    /** Returns at once; a daemon thread waits for the topics and then starts Kafka Streams (and each included app). */
    public void startWhenTopicsExist() {
        var starter = new Thread(readiness, applicationId + "-starter");
        starter.setDaemon(true);
        starter.start();
        included.forEach(StreamsApp::startWhenTopicsExist);
    }

    /**
     * Fails the start when the topics are not ready within {@code timeout} from the start of the wait
     * ({@link #TOPICS_WAIT} unless set): the app then terminates, its liveness is DOWN and {@link #startFailure()}
     * says what was missing.
     */
    public void giveUpOnTopicsAfter(Duration timeout) {
        readiness.giveUpAfter(timeout);
        included.forEach(app -> app.giveUpOnTopicsAfter(timeout));
    }

    /** Why the app, or an app it includes, never started (its topics were not ready in time, naming them), or null. */
    public @Nullable String startFailure() {
        var failure = readiness.failure();
        if (failure != null) {
            return failure;
        }
        for (var app : included) {
            var theirs = app.startFailure();
            if (theirs != null) {
                return app.applicationId() + ": " + theirs;
            }
        }
        return null;
    }

    public boolean isRunning() {
        return streams.state() == KafkaStreams.State.RUNNING;
    }

    public KafkaStreams.State state() {
        return streams.state();
    }

    /** The topology's topics not seen on the broker yet; empty once Kafka Streams was started. */
    public Set<String> missingTopics() {
        return readiness.missing();
    }

    /** What keeps Kafka Streams from starting (missing topics, a wrong layout), in sentences; empty once started. */
    public List<String> topicProblems() {
        return readiness.problems();
    }

    /** The application id: the consumer group and the prefix of the internal topics. */
    public String applicationId() {
        return applicationId;
    }

    /**
     * What an admin client of the service connects with (its brokers and their security, as the app's own clients),
     * for the service's other admin clients (the consumer groups' lag).
     */
    public Map<String, Object> adminConfig() {
        return adminConfig;
    }

    /**
     * The consumer groups of the service: the application id, and those of the plain consumers it runs beside the
     * topology ({@link #consumesAs}); their lag is what the service reports.
     */
    public Set<String> consumerGroups() {
        var groups = new java.util.LinkedHashSet<String>();
        groups.add(applicationId);
        groups.addAll(consumerGroups);
        included.forEach(app -> groups.addAll(app.consumerGroups()));
        return groups;
    }

    /** Records that a companion of the app consumes in {@code group}. */
    public void consumesAs(String group) {
        consumerGroups.add(group);
    }

    /** The topics the service dead-letters to (as its deployment names them), whose record counts it reports. */
    public Set<String> deadLetterTopics() {
        var topics = new java.util.HashSet<>(deadLetterTopics);
        included.forEach(app -> topics.addAll(app.deadLetterTopics()));
        return Set.copyOf(topics);
    }

    /** Records that the service dead-letters to {@code topic}. */
    public void deadLettersTo(String topic) {
        deadLetterTopics.add(topic);
    }

    /**
     * Health components of something that runs beside the topology (chain-indexer's held chains), by name, read at
     * each check: each shows in the details of {@link #liveness()} and {@link #readiness()} as {@code <name>} (UP or
     * DOWN) and {@code <name>.<detail>}. A component that is down makes the app not ready but leaves it alive: a
     * restart of the process would do no better than the component's own recovery.
     */
    public void healthWith(Supplier<Map<String, Health>> parts) {
        components.add(parts);
    }

    /**
     * Alive unless Kafka Streams stopped or failed: waiting for topics and rebalancing are alive (a restart would
     * not help them). The details say the state and, while it has not started, what it waits for, and the components'
     * ({@link #healthWith}).
     */
    public Health liveness() {
        var state = streams.state();
        var details = details(state);
        componentsUp(details);
        var includedUp = includedUp(details, StreamsApp::liveness);
        if (startFailure() != null) {
            return Health.down(details);
        }
        return switch (state) {
            case CREATED, REBALANCING, RUNNING -> includedUp ? Health.up(details) : Health.down(details);
            case PENDING_SHUTDOWN, NOT_RUNNING, PENDING_ERROR, ERROR -> Health.down(details);
        };
    }

    /**
     * Ready once every task is assigned, every active task's stores are restored and every component is up: the app
     * does all its work. Kafka Streams' RUNNING says the tasks are restored at the end of a rebalance; a store restored
     * again while it runs (a task corrupted under exactly-once) is caught by {@link ActiveRestorations}. The details
     * name what restores.
     */
    public Health readiness() {
        var state = streams.state();
        var details = details(state);
        var componentsUp = componentsUp(details);
        var restoring = restorations.now();
        if (!restoring.isEmpty()) {
            details.put("restoring", restoring.size() + " stores: " + String.join(", ", restoring));
        }
        var includedUp = includedUp(details, StreamsApp::readiness);
        return state == KafkaStreams.State.RUNNING && restoring.isEmpty() && componentsUp && includedUp
                ? Health.up(details)
                : Health.down(details);
    }

    /** Adds each included app's {@code check}, its details prefixed with its application id; whether every one is up. */
    private boolean includedUp(Map<String, String> details, java.util.function.Function<StreamsApp, Health> check) {
        var up = true;
        for (var app : included) {
            var health = check.apply(app);
            up &= health.up();
            details.put(app.applicationId(), health.up() ? "UP" : "DOWN");
            health.details().forEach((key, value) -> details.put(app.applicationId() + "." + key, value));
        }
        return up;
    }

    /** True once {@linkplain #readiness() ready}. */
    public boolean isReady() {
        return readiness().up();
    }

    /** Adds each component's status and details to {@code details}; whether every one is up. */
    private boolean componentsUp(Map<String, String> details) {
        var up = true;
        for (var parts : components) {
            for (var part : parts.get().entrySet()) {
                var health = part.getValue();
                up &= health.up();
                details.put(part.getKey(), health.up() ? "UP" : "DOWN");
                health.details().forEach((key, value) -> details.put(part.getKey() + "." + key, value));
            }
        }
        return up;
    }

    private Map<String, String> details(KafkaStreams.State state) {
        var details = new LinkedHashMap<String, String>();
        details.put("applicationId", applicationId);
        details.put("state", state.name());
        var failure = startFailure();
        if (failure != null) {
            details.put("startFailure", failure);
        } else if (state == KafkaStreams.State.CREATED && !readiness.problems().isEmpty()) {
            details.put("waitingFor", String.join("; ", readiness.problems()));
        }
        return details;
    }

    /**
     * Binds Kafka Streams' own metrics (threads, tasks, state stores, and the embedded clients, consumer lag among
     * them) to {@code registry}.
     */
    public void bindMetrics(MeterRegistry registry) {
        var metrics = new KafkaStreamsMetrics(streams);
        metrics.bindTo(registry);
        closeWith(metrics);
        included.forEach(app -> app.bindMetrics(registry));
    }

    /** Blocks until the app or an app it includes has stopped (closed, failed, or gave up waiting for its topics). */
    public void awaitTermination() throws InterruptedException {
        terminated.await();
    }

    /**
     * Something that runs beside the topology in the same service (a plain consumer loop) and stops with it:
     * {@link #close()} closes companions first, newest first, then Kafka Streams.
     */
    public void closeWith(AutoCloseable companion) {
        companions.add(companion);
    }

    @Override
    public void close() {
        for (int i = companions.size() - 1; i >= 0; i--) {
            try {
                companions.get(i).close();
            } catch (Exception e) {
                log.warn(
                        "event=companion_close_failed applicationId={} companion={}",
                        applicationId,
                        companions.get(i),
                        e);
            }
        }
        companions.clear();
        readiness.cancel();
        var options = CloseOptions.timeout(CLOSE_TIMEOUT)
                .withGroupMembershipOperation(CloseOptions.GroupMembershipOperation.LEAVE_GROUP);
        if (!streams.close(options)) {
            log.warn("event=streams_close_timeout timeoutMs={}", CLOSE_TIMEOUT.toMillis());
        }
    }

    /**
     * The body of a service's {@code main}: closes the app when the JVM shuts down, then
     * {@linkplain #exitWhenFailed() blocks until it stops}.
     *
     * @throws IllegalStateException naming what was missing when the app gave up waiting for its topics
     */
    public void runUntilStopped(String shutdownThreadName) throws InterruptedException {
        Runtime.getRuntime().addShutdownHook(new Thread(this::close, shutdownThreadName));
        exitWhenFailed();
    }

    /**
     * Blocks until the app has stopped, and exits with status 1 if it failed into ERROR, so the supervisor sees the
     * failure and restarts the process: for a service whose own shutdown (Spring's, say) closes the app.
     *
     * @throws IllegalStateException naming what was missing when the app gave up waiting for its topics
     */
    public void exitWhenFailed() throws InterruptedException {
        awaitTermination();
        var failure = startFailure();
        if (failure != null) {
            close();
            throw new IllegalStateException(applicationId + " did not start: " + failure);
        }
        if (failed()) {
            close();
            System.exit(1);
        }
    }

    /** Whether the app or an app it includes failed into ERROR. */
    private boolean failed() {
        return state() == KafkaStreams.State.ERROR || included.stream().anyMatch(StreamsApp::failed);
    }
}
