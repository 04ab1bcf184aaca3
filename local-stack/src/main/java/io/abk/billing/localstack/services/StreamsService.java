package io.abk.billing.localstack.services;

import io.abk.billing.streams.BillingStreamsApp;
import io.abk.billing.streams.BillingStreamsConfig;
import java.nio.file.Path;
import java.util.function.BooleanSupplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * billing-streams, run in-process through its public entry point with its state under the data directory, so
 * a restart reuses the local RocksDB stores instead of restoring them from the changelogs.
 */
public final class StreamsService implements AutoCloseable {

    private static final Logger log = LoggerFactory.getLogger(StreamsService.class);

    private final AutoCloseable handle;
    private final BooleanSupplier running;

    private StreamsService(AutoCloseable handle, BooleanSupplier running) {
        this.handle = handle;
        this.running = running;
    }

    public static StreamsService start(String bootstrapServers, Path stateDir) {
        var config = BillingStreamsConfig.defaults(bootstrapServers, stateDir);
        var handle = BillingStreamsApp.start(config);
        log.info("billing-streams started applicationId={} stateDir={}", config.applicationId(), stateDir);
        return new StreamsService(handle, handle::isRunning);
    }

    /** False once the app stopped, e.g. after a fatal error: the stack will not become ready then. */
    public boolean isRunning() {
        return running.getAsBoolean();
    }

    @Override
    public void close() throws Exception {
        handle.close();
        log.info("billing-streams stopped");
    }
}
