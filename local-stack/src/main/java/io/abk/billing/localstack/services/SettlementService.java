package io.abk.billing.localstack.services;

import io.abk.billing.chain.ChainIndexerApp;
import io.abk.billing.chain.ChainIndexerConfig;
import io.abk.billing.streamskit.lifecycle.StreamsApp;
import java.nio.file.Path;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * chain-indexer (today: the sandbox settlement of charges and refunds, and the sandbox verification of payments),
 * run in-process through its public entry point with its state under the data directory, so a restart still knows
 * which requests it has answered and which transaction hashes are claimed.
 */
public final class SettlementService implements AutoCloseable {

    private static final Logger log = LoggerFactory.getLogger(SettlementService.class);

    private final StreamsApp handle;

    private SettlementService(StreamsApp handle) {
        this.handle = handle;
    }

    public static SettlementService start(String bootstrapServers, Path stateDir) {
        // The BILLING_CHAIN_INDEXER_* and BILLING_CHAINS_* variables apply here too (no RPC URL, the default, keeps
        // test mode in the sandbox); the broker and the state directory are the local stack's own.
        var config = ChainIndexerConfig.fromEnv(System.getenv()).withKafka(bootstrapServers, stateDir);
        var handle = ChainIndexerApp.start(config);
        log.info("chain-indexer started applicationId={} stateDir={} testChainConfigured={} liveChainConfigured={}",
                config.applicationId(), stateDir, config.chains().testChainConfigured(),
                config.chains().liveChainConfigured());
        return new SettlementService(handle);
    }

    /** True once every task is assigned and restored: requests are being answered. */
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
        log.info("chain-indexer stopped");
    }
}
