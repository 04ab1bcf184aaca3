package io.abk.billing.localstack.services;

import io.abk.billing.chain.ChainIndexerApp;
import io.abk.billing.chain.ChainIndexerSettings;
import io.abk.billing.chain.config.ChainSettings;
import io.abk.billing.opskit.http.Health;
import io.abk.billing.scheduler.RenewalSchedulerApp;
import io.abk.billing.scheduler.RenewalSchedulerSettings;
import io.abk.billing.streams.BillingStreamsApp;
import io.abk.billing.streams.BillingStreamsSettings;
import io.abk.billing.streams.subscription.PortalLinks;
import io.abk.billing.streamskit.lifecycle.StreamsApp;
import java.nio.file.Path;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One of the stack's Kafka Streams services (billing-streams, chain-indexer, renewal-scheduler), run in-process
 * through its public entry point with its state under the data directory, so a restart reuses the local stores
 * (aggregates, answered requests and claimed hashes, due items) instead of restoring them from the changelogs.
 * Each reads its own {@code BILLING_*} variables too; the broker and the state directory are the stack's own.
 *
 * @param name the service's name in the stack's logs and health
 * @param app  the running Kafka Streams app
 */
public record StreamsService(String name, StreamsApp app) implements AutoCloseable {

    private static final Logger log = LoggerFactory.getLogger(StreamsService.class);

    /**
     * billing-streams: the subscription, payment, payment-link, customer, coupon and promotion code aggregates; its
     * funding events link the customer portal under the gateway's {@code publicUrl}.
     */
    public static StreamsService billingStreams(String bootstrapServers, Path stateDir, String publicUrl) {
        var config = BillingStreamsSettings.fromEnv(System.getenv())
                .at(bootstrapServers, stateDir)
                .withPortal(new PortalLinks(publicUrl));
        log.info("billing-streams starting applicationId={} stateDir={}", config.applicationId(), stateDir);
        return new StreamsService("billing-streams", BillingStreamsApp.start(config));
    }

    /**
     * chain-indexer: the settlement of charges and refunds and the verification of payments, in the sandbox or on
     * {@code testChain} when the stack runs a local chain (it replaces any {@code BILLING_CHAINS_TEST_*} setting).
     */
    public static StreamsService settlement(String bootstrapServers, Path stateDir, @Nullable ChainSettings testChain) {
        // Without an RPC URL (the default) test mode stays in the sandbox.
        var fromEnv = ChainIndexerSettings.fromEnv(System.getenv()).withKafka(bootstrapServers, stateDir);
        var config = testChain == null ? fromEnv : fromEnv.withTestChain(testChain);
        log.info(
                "chain-indexer starting applicationId={} stateDir={} testChainConfigured={} liveChainConfigured={}",
                config.applicationId(),
                stateDir,
                config.chains().testChainConfigured(),
                config.chains().liveChainConfigured());
        return new StreamsService("chain-indexer", ChainIndexerApp.start(config));
    }

    /** renewal-scheduler: fires renewals, due charges and expiries. */
    public static StreamsService scheduler(String bootstrapServers, Path stateDir) {
        var config = RenewalSchedulerSettings.fromEnv(System.getenv()).withKafka(bootstrapServers, stateDir);
        log.info(
                "renewal-scheduler starting applicationId={} stateDir={} tickMs={}",
                config.applicationId(),
                stateDir,
                config.tick().toMillis());
        return new StreamsService("renewal-scheduler", RenewalSchedulerApp.start(config));
    }

    /** Ready once every task is assigned and its active stores are restored: the app is processing. */
    public Health readiness() {
        return app.readiness();
    }

    /** True once {@linkplain #readiness() ready}. */
    public boolean isReady() {
        return app.isReady();
    }

    /**
     * False once the app stopped or failed, or gave up waiting for its topics (its log says which were missing): the
     * stack will not become ready then. Waiting for topics (CREATED) and rebalancing count as alive.
     */
    public boolean isAlive() {
        return app.liveness().up();
    }

    @Override
    public void close() {
        app.close();
        log.info("{} stopped", name);
    }
}
