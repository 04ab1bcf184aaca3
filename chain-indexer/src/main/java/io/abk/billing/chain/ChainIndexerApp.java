package io.abk.billing.chain;

import io.abk.billing.chain.autosettle.AutoSettlementSettings;
import io.abk.billing.chain.topology.ChainTopology;
import io.abk.billing.schemas.topic.Topic;
import io.abk.billing.streamskit.lifecycle.StreamsApp;
import java.util.stream.Collectors;
import org.slf4j.Logger;
import org.web3j.crypto.Credentials;
import org.slf4j.LoggerFactory;

/**
 * Runs the chain-indexer topology: today the sandbox settlement of charge and refund requests and the sandbox
 * verification of one-time payments. {@link #start}
 * returns at once with the running {@link StreamsApp}: Kafka Streams starts in the background as soon as every
 * topic of the topology exists (the app creates none), and closing leaves the consumer group and keeps the local
 * state; see {@link StreamsApp} for the whole lifecycle.
 */
public final class ChainIndexerApp {

    private static final Logger log = LoggerFactory.getLogger(ChainIndexerApp.class);

    private ChainIndexerApp() {
    }

    public static StreamsApp start(ChainIndexerConfig config) {
        var autoSettlement = AutoSettlementSettings.of(config.testChain(), config.liveChain(),
                chain -> Credentials.create(chain.relayerKey().hex()).getAddress());
        var topology = ChainTopology.build(config.chains(), autoSettlement, config.streamsProperties());
        var topics = ChainTopology.topics().stream().map(Topic::name).collect(Collectors.toSet());
        var app = StreamsApp.create(config.applicationId(), topology, config.streamsProperties(), topics);
        var chains = config.chains();
        log.info("event=streams_starting applicationId={} bootstrapServers={} stateDir={} commitIntervalMs={} "
                        + "testChainConfigured={} liveChainConfigured={}",
                config.applicationId(), config.bootstrapServers(), config.stateDir(), config.commitInterval().toMillis(),
                chains.testChainConfigured(), chains.liveChainConfigured());
        if (chains.testChainConfigured() || chains.liveChainConfigured()) {
            // The relayer and the chain reader are a later issue: until then a charge or refund that needs a chain is
            // answered RELAYER_ERROR, and a payment is verified as in the sandbox (test) or CHAIN_UNAVAILABLE (live).
            log.warn("event=chain_settlement_not_implemented action=answer_relayer_error_and_verify_as_sandbox "
                    + "testChainConfigured={} liveChainConfigured={}", chains.testChainConfigured(),
                    chains.liveChainConfigured());
        }
        app.startWhenTopicsExist();
        return app;
    }

    public static void main(String[] args) throws InterruptedException {
        start(ChainIndexerConfig.fromEnv()).runUntilStopped("chain-indexer-shutdown");
    }
}
