package io.abk.billing.streams.topology;

import io.abk.billing.schemas.avro.SubscriptionAggregate;
import io.abk.billing.schemas.serde.AvroSerde;
import io.abk.billing.schemas.topic.Topic;
import io.abk.billing.schemas.topic.Topics;
import io.abk.billing.streams.command.CommandNodes;
import io.abk.billing.streams.command.CommandProcessor;
import io.abk.billing.streams.domain.subscription.DunningPolicy;
import io.abk.billing.streams.subscription.SubscriptionHandler;
import io.abk.billing.streams.subscription.SubscriptionNodes;
import java.util.List;
import java.util.Map;
import org.apache.kafka.common.serialization.Serdes;
import org.apache.kafka.streams.Topology;
import org.apache.kafka.streams.state.Stores;

/**
 * The billing-streams topology, used as is by the app and by the TopologyTestDriver test. Processor API with
 * every node, store and changelog named explicitly (the app also sets
 * {@code ensure.explicit.internal.resource.naming}), so a rename can only happen on purpose.
 *
 * <pre>
 * billing.subscription-commands -> subscription-commands-source -> subscription-command-processor
 *     [subscription-aggregates, subscription-processed-commands]
 *     -> subscription-changes-sink (billing.changes), subscription-events-sink (billing.events),
 *        subscription-chain-requests-sink (chain.requests, keyed by invoice id)
 * </pre>
 */
public final class BillingTopology {

    public static final String SUBSCRIPTION_AGGREGATES_STORE = "subscription-aggregates";
    public static final String SUBSCRIPTION_PROCESSED_COMMANDS_STORE = "subscription-processed-commands";

    static final String SUBSCRIPTION_COMMANDS_SOURCE = "subscription-commands-source";
    static final String SUBSCRIPTION_COMMAND_PROCESSOR = "subscription-command-processor";
    static final String SUBSCRIPTION_CHANGES_SINK = "subscription-changes-sink";
    static final String SUBSCRIPTION_EVENTS_SINK = "subscription-events-sink";
    static final String SUBSCRIPTION_CHAIN_REQUESTS_SINK = "subscription-chain-requests-sink";

    private BillingTopology() {
    }

    /** Every topic the topology reads or writes (its internal changelogs aside): all must exist before it runs. */
    public static List<Topic<?, ?>> topics() {
        return List.of(Topics.SUBSCRIPTION_COMMANDS, Topics.CHANGES, Topics.EVENTS, Topics.CHAIN_REQUESTS,
                Topics.STREAMS_DEAD_LETTERS);
    }

    /** The topology, its deciders retrying failed charges by {@code dunning}. */
    public static Topology build(DunningPolicy dunning) {
        var topology = new Topology();
        addSubscriptions(topology, dunning);
        return topology;
    }

    private static void addSubscriptions(Topology topology, DunningPolicy dunning) {
        var nodes = new SubscriptionNodes(new CommandNodes(SUBSCRIPTION_AGGREGATES_STORE,
                SUBSCRIPTION_PROCESSED_COMMANDS_STORE, SUBSCRIPTION_CHANGES_SINK), SUBSCRIPTION_EVENTS_SINK,
                SUBSCRIPTION_CHAIN_REQUESTS_SINK);
        var commands = Topics.SUBSCRIPTION_COMMANDS;
        topology.addSource(SUBSCRIPTION_COMMANDS_SOURCE, commands.keySerde().deserializer(),
                commands.valueSerde().deserializer(), commands.name());
        topology.addProcessor(SUBSCRIPTION_COMMAND_PROCESSOR, () -> new CommandProcessor<>(nodes.command(), new SubscriptionHandler(nodes, dunning)),
                SUBSCRIPTION_COMMANDS_SOURCE);
        // Caching off: outputs are forwarded explicitly, so a cache would only delay changelog writes, and under
        // exactly-once everything is flushed at each (frequent) commit anyway.
        topology.addStateStore(Stores.keyValueStoreBuilder(
                        Stores.persistentKeyValueStore(SUBSCRIPTION_AGGREGATES_STORE),
                        Serdes.String(), AvroSerde.of(SubscriptionAggregate.class))
                .withCachingDisabled()
                .withLoggingEnabled(Map.of()), SUBSCRIPTION_COMMAND_PROCESSOR);
        topology.addStateStore(Stores.keyValueStoreBuilder(
                        Stores.persistentKeyValueStore(SUBSCRIPTION_PROCESSED_COMMANDS_STORE),
                        Serdes.String(), Serdes.Long())
                .withCachingDisabled()
                .withLoggingEnabled(Map.of()), SUBSCRIPTION_COMMAND_PROCESSOR);
        topology.addSink(SUBSCRIPTION_CHANGES_SINK, Topics.CHANGES.name(), Topics.CHANGES.keySerde().serializer(),
                Topics.CHANGES.valueSerde().serializer(), SUBSCRIPTION_COMMAND_PROCESSOR);
        topology.addSink(SUBSCRIPTION_EVENTS_SINK, Topics.EVENTS.name(), Topics.EVENTS.keySerde().serializer(),
                Topics.EVENTS.valueSerde().serializer(), SUBSCRIPTION_COMMAND_PROCESSOR);
        topology.addSink(SUBSCRIPTION_CHAIN_REQUESTS_SINK, Topics.CHAIN_REQUESTS.name(),
                Topics.CHAIN_REQUESTS.keySerde().serializer(), Topics.CHAIN_REQUESTS.valueSerde().serializer(),
                SUBSCRIPTION_COMMAND_PROCESSOR);
    }
}
