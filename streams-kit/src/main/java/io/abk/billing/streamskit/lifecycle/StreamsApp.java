package io.abk.billing.streamskit.lifecycle;

import java.time.Duration;
import java.util.List;
import java.util.Properties;
import java.util.Set;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import org.apache.kafka.streams.CloseOptions;
import org.apache.kafka.streams.KafkaStreams;
import org.apache.kafka.streams.StreamsConfig;
import org.apache.kafka.streams.Topology;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One running Kafka Streams topology, from creation to close; every Streams service runs its topology through
 * this. {@link #startWhenTopicsExist()} returns at once: Kafka Streams starts in the background as soon as every
 * topic of the topology exists (the app creates none; until then {@link #state()} stays {@code CREATED}), and
 * {@link #isRunning()} turns true once every task is assigned and restored. A stream thread that fails is
 * replaced or shuts the app down as {@link StreamThreadFailureHandler} says. Closing leaves the consumer group,
 * so a restarted or replacement instance gets the partitions at once instead of after the session timeout, and
 * never wipes local state ({@code cleanUp()}): a restart restores from local RocksDB plus the changelog tail
 * instead of the whole log.
 */
public final class StreamsApp implements AutoCloseable {

    private static final Logger log = LoggerFactory.getLogger(StreamsApp.class);
    /** Long enough to commit the open transaction and leave the group; bounded so a shutdown never hangs. */
    static final Duration CLOSE_TIMEOUT = Duration.ofSeconds(30);

    private final String applicationId;
    private final KafkaStreams streams;
    private final TopicsReadiness readiness;
    private final CountDownLatch terminated = new CountDownLatch(1);
    private final List<AutoCloseable> companions = new CopyOnWriteArrayList<>();

    private StreamsApp(String applicationId, KafkaStreams streams, TopicsReadiness readiness) {
        this.applicationId = applicationId;
        this.streams = streams;
        this.readiness = readiness;
    }

    /**
     * Builds the Kafka Streams client of {@code topology} and logs the topology, but starts nothing yet, so the
     * service can log its own start line first; then call {@link #startWhenTopicsExist()}. {@code topics} are the
     * names of every topic the topology reads or writes. A bad client configuration fails here, in the caller.
     */
    public static StreamsApp create(String applicationId, Topology topology, Properties props, Set<String> topics) {
        log.info("event=streams_topology applicationId={} topology={}", applicationId, topology.describe());
        var streams = new KafkaStreams(topology, props);
        var readiness = new TopicsReadiness(streams, new StreamsConfig(props).getAdminConfigs(
                applicationId + "-topics-check"), topics);
        var app = new StreamsApp(applicationId, streams, readiness);
        streams.setUncaughtExceptionHandler(new StreamThreadFailureHandler());
        streams.setStateListener((next, previous) -> {
            log.info("event=streams_state from={} to={} applicationId={}", previous, next, applicationId);
            if (next == KafkaStreams.State.NOT_RUNNING || next == KafkaStreams.State.ERROR) {
                app.terminated.countDown();
            }
        });
        return app;
    }

    /** Returns at once; a daemon thread waits for the topics and then starts Kafka Streams. */
    public void startWhenTopicsExist() {
        var starter = new Thread(readiness, applicationId + "-starter");
        starter.setDaemon(true);
        starter.start();
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

    /** Blocks until the app has stopped (closed, or failed into ERROR). */
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
                log.warn("event=companion_close_failed applicationId={} companion={}", applicationId,
                        companions.get(i), e);
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
     * The body of a service's {@code main}: closes the app when the JVM shuts down, blocks until it stops, and
     * exits with status 1 if it failed into ERROR, so the supervisor sees the failure and restarts the process.
     */
    public void runUntilStopped(String shutdownThreadName) throws InterruptedException {
        Runtime.getRuntime().addShutdownHook(new Thread(this::close, shutdownThreadName));
        awaitTermination();
        if (state() == KafkaStreams.State.ERROR) {
            close();
            System.exit(1);
        }
    }
}
