package io.abk.billing.streams.topology;

import io.abk.billing.schemas.avro.PaymentAggregate;
import io.abk.billing.schemas.avro.PaymentLinkAggregate;
import io.abk.billing.schemas.avro.SettledInvoice;
import io.abk.billing.schemas.avro.SubscriptionAggregate;
import io.abk.billing.schemas.serde.AvroSerde;
import io.abk.billing.schemas.topic.Deployment;
import io.abk.billing.schemas.topic.Topic;
import io.abk.billing.schemas.topic.Topics;
import io.abk.billing.streams.command.AggregateAdapter;
import io.abk.billing.streams.command.CommandNodes;
import io.abk.billing.streams.command.CommandProcessor;
import io.abk.billing.streams.payment.PaymentAdapter;
import io.abk.billing.streams.payment.PaymentNodes;
import io.abk.billing.streams.payment.domain.PaymentPolicy;
import io.abk.billing.streams.paymentlink.PaymentLinkAdapter;
import io.abk.billing.streams.paymentlink.PaymentLinkNodes;
import io.abk.billing.streams.subscription.SubscriptionAdapter;
import io.abk.billing.streams.subscription.SubscriptionNodes;
import io.abk.billing.streams.subscription.domain.DunningPolicy;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;
import org.apache.avro.specific.SpecificRecord;
import org.apache.kafka.common.serialization.Serdes;
import org.apache.kafka.streams.Topology;
import org.apache.kafka.streams.state.Stores;

/**
 * The billing-streams topology, used as is by the app and by the TopologyTestDriver tests. Processor API with every
 * node, store and changelog named explicitly (the app also sets {@code ensure.explicit.internal.resource.naming}),
 * so a rename can only happen on purpose. One processor per aggregate type, each the single writer of its
 * aggregates; they meet only through topics (a link open mints a payment on the payment topic, a paid minted
 * payment reports to the link topic), so each is its own sub-topology with its own tasks.
 *
 * <pre>
 * billing.subscription-commands -> subscription-commands-source -> subscription-command-processor
 *     [subscription-aggregates, subscription-processed-commands, subscription-settled-invoices]
 *     -> subscription-changes-sink (billing.changes), subscription-events-sink (billing.events),
 *        subscription-chain-requests-sink (chain.requests, keyed by invoice id)
 * billing.payment-commands -> payment-commands-source -> payment-command-processor
 *     [payment-aggregates, payment-processed-commands]
 *     -> payment-changes-sink (billing.changes), payment-events-sink (billing.events),
 *        payment-chain-requests-sink (chain.requests, keyed by payment id),
 *        payment-link-conversions-sink (billing.payment-link-commands, keyed by link id),
 *        payment-watched-addresses-sink (chain.watched-addresses, keyed mode:payout address)
 * billing.payment-link-commands -> payment-link-commands-source -> payment-link-command-processor
 *     [payment-link-aggregates, payment-link-processed-commands]
 *     -> payment-link-changes-sink (billing.changes),
 *        payment-link-mints-sink (billing.payment-commands, keyed by the minted payment's id)
 * </pre>
 */
public final class BillingTopology {

    public static final String SUBSCRIPTION_AGGREGATES_STORE = "subscription-aggregates";
    public static final String SUBSCRIPTION_PROCESSED_COMMANDS_STORE = "subscription-processed-commands";
    public static final String SUBSCRIPTION_SETTLED_INVOICES_STORE = "subscription-settled-invoices";
    public static final String PAYMENT_AGGREGATES_STORE = "payment-aggregates";
    public static final String PAYMENT_PROCESSED_COMMANDS_STORE = "payment-processed-commands";
    public static final String PAYMENT_LINK_AGGREGATES_STORE = "payment-link-aggregates";
    public static final String PAYMENT_LINK_PROCESSED_COMMANDS_STORE = "payment-link-processed-commands";

    static final String SUBSCRIPTION_COMMANDS_SOURCE = "subscription-commands-source";
    static final String SUBSCRIPTION_COMMAND_PROCESSOR = "subscription-command-processor";
    static final String SUBSCRIPTION_CHANGES_SINK = "subscription-changes-sink";
    static final String SUBSCRIPTION_EVENTS_SINK = "subscription-events-sink";
    static final String SUBSCRIPTION_CHAIN_REQUESTS_SINK = "subscription-chain-requests-sink";
    static final String PAYMENT_COMMANDS_SOURCE = "payment-commands-source";
    static final String PAYMENT_COMMAND_PROCESSOR = "payment-command-processor";
    static final String PAYMENT_CHANGES_SINK = "payment-changes-sink";
    static final String PAYMENT_EVENTS_SINK = "payment-events-sink";
    static final String PAYMENT_CHAIN_REQUESTS_SINK = "payment-chain-requests-sink";
    static final String PAYMENT_LINK_CONVERSIONS_SINK = "payment-link-conversions-sink";
    static final String PAYMENT_WATCHED_ADDRESSES_SINK = "payment-watched-addresses-sink";
    static final String PAYMENT_LINK_COMMANDS_SOURCE = "payment-link-commands-source";
    static final String PAYMENT_LINK_COMMAND_PROCESSOR = "payment-link-command-processor";
    static final String PAYMENT_LINK_CHANGES_SINK = "payment-link-changes-sink";
    static final String PAYMENT_LINK_MINTS_SINK = "payment-link-mints-sink";

    private BillingTopology() {}

    /** Every topic the topology reads or writes (its internal changelogs aside): all must exist before it runs. */
    public static List<Topic<?, ?>> topics() {
        return List.of(
                Topics.SUBSCRIPTION_COMMANDS,
                Topics.PAYMENT_COMMANDS,
                Topics.PAYMENT_LINK_COMMANDS,
                Topics.CHANGES,
                Topics.EVENTS,
                Topics.CHAIN_REQUESTS,
                Topics.CHAIN_WATCHED_ADDRESSES,
                Topics.STREAMS_DEAD_LETTERS);
    }

    /**
     * The topology on {@code deployment}'s topics, its deciders retrying failed charges by {@code dunning} and expiring
     * payments by {@code payments}.
     */
    public static Topology build(Deployment deployment, DunningPolicy dunning, PaymentPolicy payments) {
        var topology = new Topology();
        var subscriptions = new SubscriptionNodes(
                new CommandNodes(
                        SUBSCRIPTION_AGGREGATES_STORE,
                        SUBSCRIPTION_PROCESSED_COMMANDS_STORE,
                        SUBSCRIPTION_CHANGES_SINK),
                SUBSCRIPTION_SETTLED_INVOICES_STORE,
                SUBSCRIPTION_EVENTS_SINK,
                SUBSCRIPTION_CHAIN_REQUESTS_SINK);
        addAggregate(
                topology,
                deployment,
                Topics.SUBSCRIPTION_COMMANDS,
                SUBSCRIPTION_COMMANDS_SOURCE,
                SUBSCRIPTION_COMMAND_PROCESSOR,
                subscriptions.command(),
                SubscriptionAggregate.class,
                () -> new SubscriptionAdapter(subscriptions, dunning));
        // The invoices that left their aggregate settled, keyed subscriptionId:invoiceId: in the same task as the
        // aggregates, so co-partitioned with them by subscription id.
        topology.addStateStore(
                Stores.keyValueStoreBuilder(
                                Stores.persistentKeyValueStore(SUBSCRIPTION_SETTLED_INVOICES_STORE),
                                Serdes.String(),
                                AvroSerde.of(SettledInvoice.class))
                        .withCachingDisabled()
                        .withLoggingEnabled(Map.of()),
                SUBSCRIPTION_COMMAND_PROCESSOR);
        addSink(topology, deployment, SUBSCRIPTION_EVENTS_SINK, Topics.EVENTS, SUBSCRIPTION_COMMAND_PROCESSOR);
        addSink(
                topology,
                deployment,
                SUBSCRIPTION_CHAIN_REQUESTS_SINK,
                Topics.CHAIN_REQUESTS,
                SUBSCRIPTION_COMMAND_PROCESSOR);

        var paymentNodes = new PaymentNodes(
                new CommandNodes(PAYMENT_AGGREGATES_STORE, PAYMENT_PROCESSED_COMMANDS_STORE, PAYMENT_CHANGES_SINK),
                PAYMENT_EVENTS_SINK,
                PAYMENT_CHAIN_REQUESTS_SINK,
                PAYMENT_LINK_CONVERSIONS_SINK,
                PAYMENT_WATCHED_ADDRESSES_SINK);
        addAggregate(
                topology,
                deployment,
                Topics.PAYMENT_COMMANDS,
                PAYMENT_COMMANDS_SOURCE,
                PAYMENT_COMMAND_PROCESSOR,
                paymentNodes.command(),
                PaymentAggregate.class,
                () -> new PaymentAdapter(paymentNodes, payments));
        addSink(topology, deployment, PAYMENT_EVENTS_SINK, Topics.EVENTS, PAYMENT_COMMAND_PROCESSOR);
        addSink(topology, deployment, PAYMENT_CHAIN_REQUESTS_SINK, Topics.CHAIN_REQUESTS, PAYMENT_COMMAND_PROCESSOR);
        addSink(
                topology,
                deployment,
                PAYMENT_LINK_CONVERSIONS_SINK,
                Topics.PAYMENT_LINK_COMMANDS,
                PAYMENT_COMMAND_PROCESSOR);
        addSink(
                topology,
                deployment,
                PAYMENT_WATCHED_ADDRESSES_SINK,
                Topics.CHAIN_WATCHED_ADDRESSES,
                PAYMENT_COMMAND_PROCESSOR);

        var linkNodes = new PaymentLinkNodes(
                new CommandNodes(
                        PAYMENT_LINK_AGGREGATES_STORE,
                        PAYMENT_LINK_PROCESSED_COMMANDS_STORE,
                        PAYMENT_LINK_CHANGES_SINK),
                PAYMENT_LINK_MINTS_SINK);
        addAggregate(
                topology,
                deployment,
                Topics.PAYMENT_LINK_COMMANDS,
                PAYMENT_LINK_COMMANDS_SOURCE,
                PAYMENT_LINK_COMMAND_PROCESSOR,
                linkNodes.command(),
                PaymentLinkAggregate.class,
                () -> new PaymentLinkAdapter(linkNodes));
        addSink(topology, deployment, PAYMENT_LINK_MINTS_SINK, Topics.PAYMENT_COMMANDS, PAYMENT_LINK_COMMAND_PROCESSOR);
        return topology;
    }

    /**
     * One aggregate type: its command source, its processor with its two stores (aggregates by id, applied
     * command ids) and the sink of its changes. Caching off: outputs are forwarded explicitly, so a cache would
     * only delay changelog writes, and under exactly-once everything is flushed at each (frequent) commit anyway.
     */
    private static <C extends SpecificRecord, A extends SpecificRecord> void addAggregate(
            Topology topology,
            Deployment deployment,
            Topic<String, C> commands,
            String source,
            String processor,
            CommandNodes nodes,
            Class<A> aggregateType,
            Supplier<AggregateAdapter<C, A>> adapter) {
        topology.addSource(
                source,
                commands.keySerde().deserializer(),
                commands.valueSerde().deserializer(),
                commands.name(deployment));
        topology.addProcessor(processor, () -> new CommandProcessor<>(nodes, adapter.get()), source);
        topology.addStateStore(
                Stores.keyValueStoreBuilder(
                                Stores.persistentKeyValueStore(nodes.aggregateStore()),
                                Serdes.String(),
                                AvroSerde.of(aggregateType))
                        .withCachingDisabled()
                        .withLoggingEnabled(Map.of()),
                processor);
        topology.addStateStore(
                Stores.keyValueStoreBuilder(
                                Stores.persistentKeyValueStore(nodes.processedCommandStore()),
                                Serdes.String(),
                                Serdes.Long())
                        .withCachingDisabled()
                        .withLoggingEnabled(Map.of()),
                processor);
        addSink(topology, deployment, nodes.changesSink(), Topics.CHANGES, processor);
    }

    private static <V> void addSink(
            Topology topology, Deployment deployment, String name, Topic<String, V> topic, String processor) {
        topology.addSink(
                name,
                topic.name(deployment),
                topic.keySerde().serializer(),
                topic.valueSerde().serializer(),
                processor);
    }
}
