package io.abk.billing.streams;

import io.abk.billing.streams.errors.StreamThreadFailureHandler;
import io.abk.billing.streams.topology.BillingTopology;
import java.time.Duration;
import java.util.concurrent.CountDownLatch;
import org.apache.kafka.streams.KafkaStreams;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Runs the billing topology. {@link #start} returns at once; {@link #isRunning()} turns true once every task is
 * assigned and restored. The app creates no topics: the launcher or ops do, and until the command topic exists
 * the stream threads keep rejoining (see {@link StreamThreadFailureHandler}). Closing never wipes local state
 * ({@code cleanUp()}): a restart restores from local RocksDB plus the changelog tail instead of the whole log.
 */
public final class BillingStreamsApp implements AutoCloseable {

    private static final Logger log = LoggerFactory.getLogger(BillingStreamsApp.class);
    /** Long enough to commit the open transaction and leave the group; bounded so a shutdown never hangs. */
    static final Duration CLOSE_TIMEOUT = Duration.ofSeconds(30);

    private final KafkaStreams streams;
    private final CountDownLatch terminated = new CountDownLatch(1);

    private BillingStreamsApp(KafkaStreams streams) {
        this.streams = streams;
    }

    public static BillingStreamsApp start(BillingStreamsConfig config) {
        var streams = new KafkaStreams(BillingTopology.build(), config.streamsProperties());
        var app = new BillingStreamsApp(streams);
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
        streams.start();
        return app;
    }

    public boolean isRunning() {
        return streams.state() == KafkaStreams.State.RUNNING;
    }

    public KafkaStreams.State state() {
        return streams.state();
    }

    /** Blocks until the app has stopped (closed, or failed into ERROR). */
    public void awaitTermination() throws InterruptedException {
        terminated.await();
    }

    @Override
    public void close() {
        if (!streams.close(CLOSE_TIMEOUT)) {
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
