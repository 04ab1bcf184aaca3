package io.abk.billing.chain;

import io.abk.billing.chain.autosettle.AutoSettlementSettings;
import io.abk.billing.chain.lease.ChainLeases;
import io.abk.billing.chain.relay.Relayer;
import io.abk.billing.chain.topology.ChainTopology;
import io.abk.billing.schemas.mode.Mode;
import io.abk.billing.schemas.topic.Topics;
import io.abk.billing.streamskit.lifecycle.StreamsApp;
import io.abk.billing.streamskit.lifecycle.StreamsProcess;
import io.abk.billing.streamskit.lifecycle.TopicRequirements;
import io.abk.billing.topics.TopicLayout;
import java.util.List;
import java.util.Objects;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.web3j.crypto.Credentials;

/**
 * Runs chain-indexer: the topology (settlement of charge and refund requests and verification of one-time
 * payments: simulated in the sandbox, answered from {@code chain.results} on a chain; and auto-settlement from
 * {@code chain.transfers}) and, for each configured chain, a {@link Relayer} that executes that chain's requests and
 * writes {@code chain.results}, and a chain follower that publishes its confirmed logs to {@code chain.transfers}:
 * those two in one replica at a time, the holder of the chain's lease ({@link ChainLeases}), which starts either again
 * when it stops by itself while the lease is held; each held chain is a component of the replica's health.
 * {@link #start} returns at once with the running {@link StreamsApp}: Kafka Streams starts in the background as
 * soon as every topic of the topology exists (the app creates none), and closing it closes the followers and the
 * relayers first, then leaves the consumer group and keeps the local state; see {@link StreamsApp} for the whole
 * lifecycle.
 */
public final class ChainIndexerApp {

    private static final Logger log = LoggerFactory.getLogger(ChainIndexerApp.class);

    /** The default management port: each service has its own, so that several run side by side on one host. */
    public static final int MANAGEMENT_PORT = 9102;

    private ChainIndexerApp() {}

    public static StreamsApp start(ChainIndexerSettings config) {
        var autoSettlement = AutoSettlementSettings.of(
                        config.testChain(),
                        config.liveChain(),
                        chain -> Credentials.create(Objects.requireNonNull(chain.relayerKey())
                                        .hex())
                                .getAddress())
                .withPendingVaultEventRetention(config.pendingVaultEventRetention());
        var topology =
                ChainTopology.build(config.deployment(), config.chains(), autoSettlement, config.streamsProperties());
        // A result must meet its request's settlement task: the relayer keys it like the request, so the two topics
        // need one partition count.
        var layout = TopicLayout.of(config.deployment(), ChainTopology.topics())
                .coPartitioned(List.of(Topics.CHAIN_REQUESTS, Topics.CHAIN_RESULTS));
        var app = StreamsApp.create(
                config.applicationId(),
                topology,
                config.streamsProperties(),
                new TopicRequirements(layout.names(), layout::problems));
        var chains = config.chains();
        log.info(
                "event=streams_starting applicationId={} bootstrapServers={} stateDir={} commitIntervalMs={} "
                        + "testChainConfigured={} liveChainConfigured={}",
                config.applicationId(),
                config.bootstrapServers(),
                config.stateDir(),
                config.commitInterval().toMillis(),
                chains.testChainConfigured(),
                chains.liveChainConfigured());
        app.deadLettersTo(Topics.CHAIN_DEAD_LETTERS.name(config.deployment()));
        app.startWhenTopicsExist();
        // Each configured chain's relayer executes what the topology leaves to it and its follower publishes its
        // confirmed logs, in the one replica that holds the chain's lease; they stop with the app, and each held
        // chain is a component of the replica's health. Every replica reports the lag of the relayers' groups.
        ChainLeases.start(config).ifPresent(leases -> {
            app.closeWith(leases);
            app.healthWith(leases::health);
        });
        for (var mode : Mode.values()) {
            var chain = config.chain(mode);
            if (chain.configured()) {
                app.consumesAs(Relayer.groupId(config.applicationId(), chain));
            }
        }
        return app;
    }

    /**
     * chain-indexer as its own process, configured by the environment ({@link ChainIndexerSettings#fromEnv()}), with its
     * management port on {@code BILLING_MANAGEMENT_PORT} ({@value #MANAGEMENT_PORT} by default).
     */
    public static void main(String[] args) {
        StreamsProcess.run("chain-indexer", MANAGEMENT_PORT, () -> start(ChainIndexerSettings.fromEnv()));
    }
}
