package io.abk.billing.chain.topology;

import io.abk.billing.chain.domain.settlement.ChainConfiguration;
import io.abk.billing.chain.settlement.SettlementNodes;
import io.abk.billing.chain.settlement.SettlementProcessor;
import io.abk.billing.schemas.avro.SubscriptionCommand;
import io.abk.billing.schemas.serde.AvroSerde;
import io.abk.billing.schemas.topic.Topic;
import io.abk.billing.schemas.topic.Topics;
import java.util.List;
import java.util.Map;
import org.apache.kafka.common.serialization.Serdes;
import org.apache.kafka.streams.Topology;
import org.apache.kafka.streams.state.Stores;

/**
 * The chain-indexer topology, used as is by the app and by the TopologyTestDriver test. Processor API with every
 * node, store and changelog named explicitly (the app also sets {@code ensure.explicit.internal.resource.naming}),
 * so a rename can only happen on purpose.
 *
 * <pre>
 * chain.requests -> chain-requests-source -> settlement-processor [settled-requests]
 *     -> settlement-results-sink (billing.subscription-commands)
 * </pre>
 */
public final class ChainTopology {

    public static final String SETTLED_REQUESTS_STORE = "settled-requests";

    static final String CHAIN_REQUESTS_SOURCE = "chain-requests-source";
    static final String SETTLEMENT_PROCESSOR = "settlement-processor";
    static final String SETTLEMENT_RESULTS_SINK = "settlement-results-sink";

    private ChainTopology() {
    }

    /** Every topic the topology reads or writes (its internal changelog aside): all must exist before it runs. */
    public static List<Topic<?, ?>> topics() {
        return List.of(Topics.CHAIN_REQUESTS, Topics.SUBSCRIPTION_COMMANDS);
    }

    public static Topology build(ChainConfiguration chains) {
        var topology = new Topology();
        addSettlement(topology, chains);
        return topology;
    }

    private static void addSettlement(Topology topology, ChainConfiguration chains) {
        var nodes = new SettlementNodes(SETTLED_REQUESTS_STORE, SETTLEMENT_RESULTS_SINK);
        var requests = Topics.CHAIN_REQUESTS;
        topology.addSource(CHAIN_REQUESTS_SOURCE, requests.keySerde().deserializer(),
                requests.valueSerde().deserializer(), requests.name());
        topology.addProcessor(SETTLEMENT_PROCESSOR, () -> new SettlementProcessor(nodes, chains), CHAIN_REQUESTS_SOURCE);
        // Caching off: answers are forwarded explicitly, so a cache would only delay changelog writes, and under
        // exactly-once everything is flushed at each (frequent) commit anyway.
        topology.addStateStore(Stores.timestampedKeyValueStoreBuilder(
                        Stores.persistentTimestampedKeyValueStore(SETTLED_REQUESTS_STORE),
                        Serdes.String(), AvroSerde.of(SubscriptionCommand.class))
                .withCachingDisabled()
                .withLoggingEnabled(Map.of()), SETTLEMENT_PROCESSOR);
        var results = Topics.SUBSCRIPTION_COMMANDS;
        topology.addSink(SETTLEMENT_RESULTS_SINK, results.name(), results.keySerde().serializer(),
                results.valueSerde().serializer(), SETTLEMENT_PROCESSOR);
    }
}
