package io.abk.billing.localstack.services;

import io.abk.billing.streams.BillingStreamsApp;
import io.abk.billing.streams.BillingStreamsConfig;
import io.abk.billing.streamskit.lifecycle.StreamsApp;
import java.nio.file.Path;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * billing-streams, run in-process through its public entry point with its state under the data directory, so
 * a restart reuses the local RocksDB stores instead of restoring them from the changelogs.
 */
public final class StreamsService implements AutoCloseable {

    private static final Logger log = LoggerFactory.getLogger(StreamsService.class);

    private final StreamsApp handle;

    private StreamsService(StreamsApp handle) {
        this.handle = handle;
    }

    public static StreamsService start(String bootstrapServers, Path stateDir) {
        // The BILLING_STREAMS_* and BILLING_DUNNING_* variables apply here too; the broker and the state directory
        // are the local stack's own.
        var config = BillingStreamsConfig.fromEnv(System.getenv()).at(bootstrapServers, stateDir);
        var handle = BillingStreamsApp.start(config);
        log.info("billing-streams started applicationId={} stateDir={}", config.applicationId(), stateDir);
        return new StreamsService(handle);
    }

    /**
     * False once the app stopped or failed: the stack will not become ready then. Waiting for topics (CREATED)
     * and rebalancing count as alive.
     */
    public boolean isAlive() {
        return switch (handle.state()) {
            case CREATED, REBALANCING, RUNNING -> true;
            case PENDING_SHUTDOWN, NOT_RUNNING, PENDING_ERROR, ERROR -> false;
        };
    }

    @Override
    public void close() throws Exception {
        handle.close();
        log.info("billing-streams stopped");
    }
}
