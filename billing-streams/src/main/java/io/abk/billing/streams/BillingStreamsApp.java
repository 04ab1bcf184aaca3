package io.abk.billing.streams;

import io.abk.billing.schemas.topic.Topic;
import io.abk.billing.streams.errors.StreamThreadFailureHandler;
import io.abk.billing.streams.topology.BillingTopology;
import java.time.Duration;
import java.util.Set;
import java.util.concurrent.CountDownLatch;
import java.util.stream.Collectors;
import org.apache.kafka.streams.CloseOptions;
import org.apache.kafka.streams.KafkaStreams;
import org.apache.kafka.streams.StreamsConfig;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Runs the billing topology. {@link #start} returns at once: Kafka Streams starts in the background as soon as
 * every topic of the topology exists (the app creates none; until then {@link #state()} stays
 * {@code CREATED}), and {@link #isRunning()} turns true once every task is assigned and restored. Closing
 * leaves the consumer group, so a restarted or replacement instance gets the partitions at once instead of
 * after the session timeout, and never wipes local state ({@code cleanUp()}): a restart restores from local
 * RocksDB plus the changelog tail instead of the whole log.
 */
public final class BillingStreamsApp implements AutoCloseable {

    private static final Logger log = LoggerFactory.getLogger(BillingStreamsApp.class);
    /** Long enough to commit the open transaction and leave the group; bounded so a shutdown never hangs. */
    static final Duration CLOSE_TIMEOUT = Duration.ofSeconds(30);

    private final KafkaStreams streams;
    private final TopicsReadiness readiness;
    private final CountDownLatch terminated = new CountDownLatch(1);

    private BillingStreamsApp(KafkaStreams streams, TopicsReadiness readiness) {
        this.streams = streams;
        this.readiness = readiness;
    }

    public static BillingStreamsApp start(BillingStreamsConfig config) {
        var props = config.streamsProperties();
        var topology = BillingTopology.build(config.dunning());
        log.info("event=streams_topology applicationId={} topology={}", config.applicationId(), topology.describe());
        var streams = new KafkaStreams(topology, props);
        var topics = BillingTopology.topics().stream().map(Topic::name).collect(Collectors.toSet());
        var readiness = new TopicsReadiness(streams, new StreamsConfig(props).getAdminConfigs(
                config.applicationId() + "-topics-check"), topics);
        var app = new BillingStreamsApp(streams, readiness);
        streams.setUncaughtExceptionHandler(new StreamThreadFailureHandler());
        streams.setStateListener((next, previous) -> {
            log.info("event=streams_state from={} to={} applicationId={}", previous, next, config.applicationId());
            if (next == KafkaStreams.State.NOT_RUNNING || next == KafkaStreams.State.ERROR) {
                app.terminated.countDown();
            }
        });
        log.info("event=streams_starting applicationId={} bootstrapServers={} stateDir={} threads={} commitIntervalMs={}",
                config.applicationId(), config.bootstrapServers(), config.stateDir(), config.streamThreads(),
                config.commitInterval().toMillis());
        var starter = new Thread(readiness, config.applicationId() + "-starter");
        starter.setDaemon(true);
        starter.start();
        return app;
    }

    public boolean isRunning() {
        return streams.state() == KafkaStreams.State.RUNNING;
    }

    public KafkaStreams.State state() {
        return streams.state();
    }

    /** The topology's topics not seen on the broker yet; empty once Kafka Streams was started. */
    Set<String> missingTopics() {
        return readiness.missing();
    }

    /** Blocks until the app has stopped (closed, or failed into ERROR). */
    public void awaitTermination() throws InterruptedException {
        terminated.await();
    }

    @Override
    public void close() {
        readiness.cancel();
        var options = CloseOptions.timeout(CLOSE_TIMEOUT)
                .withGroupMembershipOperation(CloseOptions.GroupMembershipOperation.LEAVE_GROUP);
        if (!streams.close(options)) {
            log.warn("event=streams_close_timeout timeoutMs={}", CLOSE_TIMEOUT.toMillis());
        }
    }

    public static void main(String[] args) throws InterruptedException {
        var app = start(BillingStreamsConfig.fromEnv());
        Runtime.getRuntime().addShutdownHook(new Thread(app::close, "billing-streams-shutdown"));
        app.awaitTermination();
        if (app.state() == KafkaStreams.State.ERROR) {
            app.close();
            System.exit(1);
        }
    }
}
