package io.abk.billing.localstack.services;

import io.abk.billing.scheduler.RenewalSchedulerApp;
import io.abk.billing.scheduler.RenewalSchedulerConfig;
import io.abk.billing.streamskit.lifecycle.StreamsApp;
import java.nio.file.Path;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * renewal-scheduler (renewals, charge retries, incomplete, payment and link expiries, by the wall clock or a
 * merchant's test clock), run in-process through its public entry point with its state under the data directory,
 * so a restart keeps the due-time index and does not fire an item twice.
 */
public final class SchedulerService implements AutoCloseable {

    private static final Logger log = LoggerFactory.getLogger(SchedulerService.class);

    private final StreamsApp handle;

    private SchedulerService(StreamsApp handle) {
        this.handle = handle;
    }

    public static SchedulerService start(String bootstrapServers, Path stateDir) {
        // The BILLING_SCHEDULER_* variables apply here too; the broker and the state directory are the stack's own.
        var config = RenewalSchedulerConfig.fromEnv(System.getenv()).withKafka(bootstrapServers, stateDir);
        var handle = RenewalSchedulerApp.start(config);
        log.info("renewal-scheduler started applicationId={} stateDir={} tickMs={}", config.applicationId(), stateDir,
                config.tick().toMillis());
        return new SchedulerService(handle);
    }

    /** True once every task is assigned and restored: due items are being fired. */
    public boolean isRunning() {
        return handle.isRunning();
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
    public void close() {
        handle.close();
        log.info("renewal-scheduler stopped");
    }
}
