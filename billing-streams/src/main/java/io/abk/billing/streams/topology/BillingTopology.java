package io.abk.billing.streams.topology;

import io.abk.billing.schemas.avro.CouponAggregate;
import io.abk.billing.schemas.avro.CustomerAggregate;
import io.abk.billing.schemas.avro.InvoiceNumbering;
import io.abk.billing.schemas.avro.PaymentAggregate;
import io.abk.billing.schemas.avro.PaymentLinkAggregate;
import io.abk.billing.schemas.avro.PromotionCodeAggregate;
import io.abk.billing.schemas.avro.SettledInvoice;
import io.abk.billing.schemas.avro.SubscriptionAggregate;
import io.abk.billing.schemas.serde.AvroSerde;
import io.abk.billing.schemas.topic.Deployment;
import io.abk.billing.schemas.topic.Topic;
import io.abk.billing.schemas.topic.Topics;
import io.abk.billing.streams.command.AggregateAdapter;
import io.abk.billing.streams.command.CommandNodes;
import io.abk.billing.streams.command.CommandProcessor;
import io.abk.billing.streams.coupon.CouponAdapter;
import io.abk.billing.streams.coupon.CouponNodes;
import io.abk.billing.streams.customer.CustomerAdapter;
import io.abk.billing.streams.customer.CustomerNodes;
import io.abk.billing.streams.invoicenumber.InvoiceNumberNodes;
import io.abk.billing.streams.invoicenumber.InvoiceNumberProcessor;
import io.abk.billing.streams.payment.PaymentAdapter;
import io.abk.billing.streams.payment.PaymentNodes;
import io.abk.billing.streams.payment.domain.PaymentPolicy;
import io.abk.billing.streams.paymentlink.PaymentLinkAdapter;
import io.abk.billing.streams.paymentlink.PaymentLinkNodes;
import io.abk.billing.streams.promotioncode.PromotionCodeAdapter;
import io.abk.billing.streams.promotioncode.PromotionCodeNodes;
import io.abk.billing.streams.subscription.PortalLinks;
import io.abk.billing.streams.subscription.SubscriptionAdapter;
import io.abk.billing.streams.subscription.SubscriptionNodes;
import io.abk.billing.streams.subscription.domain.DunningPolicy;
import io.abk.billing.streams.usage.UsageNodes;
import io.abk.billing.streams.usage.UsageSettings;
import io.abk.billing.streamskit.config.StreamsProperties;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;
import org.apache.avro.specific.SpecificRecord;
import org.apache.kafka.common.serialization.Serdes;
import org.apache.kafka.streams.Topology;
import org.apache.kafka.streams.state.Stores;

/**
 * The billing-streams topologies, used as they are by the app and by the TopologyTestDriver tests. Processor API with every
 * node, store and changelog named explicitly (the app also sets {@code ensure.explicit.internal.resource.naming}),
 * so a rename can only happen on purpose. One processor per aggregate type, each the single writer of its
 * aggregates; they meet only through topics (a link open mints a payment on the payment topic, a paid minted
 * payment reports to the link topic, a new subscription or a payment that knows its wallet ensures the wallet's
 * customer on the customer topic, a promotion code's redemption goes to its coupon and a coupon's to the
 * subscription, every new invoice asks the invoice numbering for its number and gets it back as a subscription
 * command), so each is its own sub-topology with its own tasks.
 *
 * <pre>
 * billing.subscription-commands -> subscription-commands-source -> subscription-command-processor
 *     [subscription-aggregates, subscription-processed-commands, subscription-settled-invoices]
 *     -> subscription-changes-sink (billing.changes), subscription-events-sink (billing.events),
 *        subscription-chain-requests-sink (chain.requests, keyed by invoice id),
 *        subscription-customers-sink (billing.customer-commands, keyed by customer id),
 *        subscription-invoice-numbers-sink (billing.invoice-number-commands, keyed merchantId/mode),
 *        subscription-usage-commands-sink (billing.usage-commands, keyed merchantId/mode/customerId)
 * billing.invoice-number-commands -> invoice-number-commands-source -> invoice-number-processor
 *     [invoice-numbering, invoice-numbering-processed-commands]
 *     -> invoice-number-finalizations-sink (billing.subscription-commands, keyed by subscription id)
 * billing.payment-commands -> payment-commands-source -> payment-command-processor
 *     [payment-aggregates, payment-processed-commands]
 *     -> payment-changes-sink (billing.changes), payment-events-sink (billing.events),
 *        payment-chain-requests-sink (chain.requests, keyed by payment id),
 *        payment-link-conversions-sink (billing.payment-link-commands, keyed by link id),
 *        payment-watched-addresses-sink (chain.watched-addresses, keyed mode:payout address),
 *        payment-customers-sink (billing.customer-commands, keyed by customer id)
 * billing.payment-link-commands -> payment-link-commands-source -> payment-link-command-processor
 *     [payment-link-aggregates, payment-link-processed-commands]
 *     -> payment-link-changes-sink (billing.changes),
 *        payment-link-mints-sink (billing.payment-commands, keyed by the minted payment's id)
 * billing.customer-commands -> customer-commands-source -> customer-command-processor
 *     [customer-aggregates, customer-processed-commands]
 *     -> customer-changes-sink (billing.changes), customer-events-sink (billing.events)
 * billing.coupon-commands -> coupon-commands-source -> coupon-command-processor
 *     [coupon-aggregates, coupon-processed-commands]
 *     -> coupon-changes-sink (billing.changes), coupon-events-sink (billing.events),
 *        coupon-subscriptions-sink (billing.subscription-commands, keyed by subscription id),
 *        coupon-promotion-codes-sink (billing.promotion-code-commands, keyed by promotion code id)
 * billing.promotion-code-commands -> promotion-code-commands-source -> promotion-code-command-processor
 *     [promotion-code-aggregates, promotion-code-processed-commands]
 *     -> promotion-code-changes-sink (billing.changes), promotion-code-events-sink (billing.events),
 *        promotion-code-coupons-sink (billing.coupon-commands, keyed by coupon id)
 * </pre>
 *
 * <p>The usage processor is the other topology of billing-streams ({@link #usage}), run as an application of its own
 * because it commits far less often than the aggregates (BillingStreamsApp):
 *
 * <pre>
 * billing.meter-events, billing.usage-commands -> usage-processor (UsageNodes)
 *     [usage-state, usage-identifiers, usage-processed-commands]
 *     -> usage-recordings-sink (billing.subscription-commands), usage-summaries-sink (billing.usage-summaries)
 * </pre>
 */
public final class BillingTopology {

    /**
     * The aggregates' node names: every store and node of an aggregate is named after it by {@link CommandNodes}
     * ({@code payment-aggregates}, {@code payment-command-processor}, {@code payment-events-sink}, ...).
     */
    public static final CommandNodes SUBSCRIPTIONS = new CommandNodes("subscription");

    public static final CommandNodes PAYMENTS = new CommandNodes("payment");
    public static final CommandNodes PAYMENT_LINKS = new CommandNodes("payment-link");
    public static final CommandNodes CUSTOMERS = new CommandNodes("customer");
    public static final CommandNodes COUPONS = new CommandNodes("coupon");
    public static final CommandNodes PROMOTION_CODES = new CommandNodes("promotion-code");

    private BillingTopology() {}

    /** Every topic the topology reads or writes (its internal changelogs aside): all must exist before it runs. */
    public static List<Topic<?, ?>> topics() {
        return List.of(
                Topics.SUBSCRIPTION_COMMANDS,
                Topics.PAYMENT_COMMANDS,
                Topics.PAYMENT_LINK_COMMANDS,
                Topics.CUSTOMER_COMMANDS,
                Topics.COUPON_COMMANDS,
                Topics.PROMOTION_CODE_COMMANDS,
                Topics.INVOICE_NUMBER_COMMANDS,
                Topics.USAGE_COMMANDS,
                Topics.CHANGES,
                Topics.EVENTS,
                Topics.CHAIN_REQUESTS,
                Topics.CHAIN_WATCHED_ADDRESSES,
                Topics.STREAMS_DEAD_LETTERS);
    }

    /** Every topic the usage topology ({@link #usage}) reads or writes: all must exist before it runs. */
    public static List<Topic<?, ?>> usageTopics() {
        return List.of(
                Topics.METER_EVENTS,
                Topics.USAGE_COMMANDS,
                Topics.SUBSCRIPTION_COMMANDS,
                Topics.USAGE_SUMMARIES,
                Topics.STREAMS_DEAD_LETTERS);
    }

    /** The usage processor on {@code deployment}'s topics, run by {@code usage}: {@link UsageNodes}. */
    public static Topology usage(Deployment deployment, UsageSettings usage) {
        var topology = new Topology();
        UsageNodes.DEFAULT.addTo(topology, deployment, usage);
        return topology;
    }

    /** As {@link #build(Deployment, DunningPolicy, PaymentPolicy, PortalLinks)}, the portal on this machine. */
    public static Topology build(Deployment deployment, DunningPolicy dunning, PaymentPolicy payments) {
        return build(deployment, dunning, payments, PortalLinks.LOCAL);
    }

    /**
     * The topology on {@code deployment}'s topics, its deciders retrying failed charges by {@code dunning} and expiring
     * payments by {@code payments}; the funding events link the customer portal under {@code portal}.
     */
    public static Topology build(
            Deployment deployment, DunningPolicy dunning, PaymentPolicy payments, PortalLinks portal) {
        var topology = new Topology();
        var subscriptions = new SubscriptionNodes(
                SUBSCRIPTIONS,
                SUBSCRIPTIONS.store("settled-invoices"),
                SUBSCRIPTIONS.sink("events"),
                SUBSCRIPTIONS.sink("chain-requests"),
                SUBSCRIPTIONS.sink("customers"),
                SUBSCRIPTIONS.sink("invoice-numbers"),
                SUBSCRIPTIONS.sink("usage-commands"));
        addAggregate(
                topology,
                deployment,
                Topics.SUBSCRIPTION_COMMANDS,
                SUBSCRIPTIONS,
                SubscriptionAggregate.class,
                () -> new SubscriptionAdapter(subscriptions, dunning, portal));
        // The invoices that left their aggregate settled, keyed subscriptionId:invoiceId: in the same task as the
        // aggregates, so co-partitioned with them by subscription id.
        topology.addStateStore(
                Stores.keyValueStoreBuilder(
                                Stores.persistentKeyValueStore(subscriptions.settledInvoicesStore()),
                                Serdes.String(),
                                AvroSerde.of(SettledInvoice.class))
                        .withCachingDisabled()
                        .withLoggingEnabled(Map.of()),
                SUBSCRIPTIONS.commandProcessor());
        addSink(topology, deployment, SUBSCRIPTIONS, subscriptions.eventsSink(), Topics.EVENTS);
        addSink(topology, deployment, SUBSCRIPTIONS, subscriptions.chainRequestsSink(), Topics.CHAIN_REQUESTS);
        addSink(topology, deployment, SUBSCRIPTIONS, subscriptions.customersSink(), Topics.CUSTOMER_COMMANDS);
        addSink(
                topology,
                deployment,
                SUBSCRIPTIONS,
                subscriptions.invoiceNumbersSink(),
                Topics.INVOICE_NUMBER_COMMANDS);
        addSink(topology, deployment, SUBSCRIPTIONS, subscriptions.usageCommandsSink(), Topics.USAGE_COMMANDS);
        addInvoiceNumbering(topology, deployment, portal);

        var paymentNodes = new PaymentNodes(
                PAYMENTS,
                PAYMENTS.sink("events"),
                PAYMENTS.sink("chain-requests"),
                PAYMENTS.sink("link-conversions"),
                PAYMENTS.sink("watched-addresses"),
                PAYMENTS.sink("customers"));
        addAggregate(
                topology,
                deployment,
                Topics.PAYMENT_COMMANDS,
                PAYMENTS,
                PaymentAggregate.class,
                () -> new PaymentAdapter(paymentNodes, payments));
        addSink(topology, deployment, PAYMENTS, paymentNodes.eventsSink(), Topics.EVENTS);
        addSink(topology, deployment, PAYMENTS, paymentNodes.chainRequestsSink(), Topics.CHAIN_REQUESTS);
        addSink(topology, deployment, PAYMENTS, paymentNodes.linkConversionsSink(), Topics.PAYMENT_LINK_COMMANDS);
        addSink(topology, deployment, PAYMENTS, paymentNodes.watchedAddressesSink(), Topics.CHAIN_WATCHED_ADDRESSES);
        addSink(topology, deployment, PAYMENTS, paymentNodes.customersSink(), Topics.CUSTOMER_COMMANDS);

        var linkNodes = new PaymentLinkNodes(PAYMENT_LINKS, PAYMENT_LINKS.sink("mints"));
        addAggregate(
                topology,
                deployment,
                Topics.PAYMENT_LINK_COMMANDS,
                PAYMENT_LINKS,
                PaymentLinkAggregate.class,
                () -> new PaymentLinkAdapter(linkNodes));
        addSink(topology, deployment, PAYMENT_LINKS, linkNodes.mintsSink(), Topics.PAYMENT_COMMANDS);

        var customerNodes = new CustomerNodes(CUSTOMERS, CUSTOMERS.sink("events"));
        addAggregate(
                topology,
                deployment,
                Topics.CUSTOMER_COMMANDS,
                CUSTOMERS,
                CustomerAggregate.class,
                () -> new CustomerAdapter(customerNodes));
        addSink(topology, deployment, CUSTOMERS, customerNodes.eventsSink(), Topics.EVENTS);

        var couponNodes = new CouponNodes(
                COUPONS, COUPONS.sink("events"), COUPONS.sink("subscriptions"), COUPONS.sink("promotion-codes"));
        addAggregate(
                topology,
                deployment,
                Topics.COUPON_COMMANDS,
                COUPONS,
                CouponAggregate.class,
                () -> new CouponAdapter(couponNodes));
        addSink(topology, deployment, COUPONS, couponNodes.eventsSink(), Topics.EVENTS);
        addSink(topology, deployment, COUPONS, couponNodes.subscriptionsSink(), Topics.SUBSCRIPTION_COMMANDS);
        addSink(topology, deployment, COUPONS, couponNodes.promotionCodesSink(), Topics.PROMOTION_CODE_COMMANDS);

        var promotionCodeNodes = new PromotionCodeNodes(
                PROMOTION_CODES, PROMOTION_CODES.sink("events"), PROMOTION_CODES.sink("coupons"));
        addAggregate(
                topology,
                deployment,
                Topics.PROMOTION_CODE_COMMANDS,
                PROMOTION_CODES,
                PromotionCodeAggregate.class,
                () -> new PromotionCodeAdapter(promotionCodeNodes));
        addSink(topology, deployment, PROMOTION_CODES, promotionCodeNodes.eventsSink(), Topics.EVENTS);
        addSink(topology, deployment, PROMOTION_CODES, promotionCodeNodes.couponsSink(), Topics.COUPON_COMMANDS);
        // The aggregates' application skips Kafka Streams' idle wait, which needs every task to read one partition.
        StreamsProperties.requireOneInputPerTask(topology);
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
            CommandNodes nodes,
            Class<A> aggregateType,
            Supplier<AggregateAdapter<C, A>> adapter) {
        var processor = nodes.commandProcessor();
        topology.addSource(
                nodes.commandsSource(),
                commands.keySerde().deserializer(),
                commands.valueSerde().deserializer(),
                commands.name(deployment));
        topology.addProcessor(processor, () -> new CommandProcessor<>(nodes, adapter.get()), nodes.commandsSource());
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
        addSink(topology, deployment, nodes, nodes.changesSink(), Topics.CHANGES);
    }

    /**
     * The invoice numbering: one writer per merchant and mode numbers the invoices the subscriptions make and sends
     * each number back to its subscription. Not an aggregate (no {@code Change}, a key that is no aggregate id), so it
     * has its own processor with the aggregates' dedupe.
     */
    private static void addInvoiceNumbering(Topology topology, Deployment deployment, PortalLinks portal) {
        var nodes = InvoiceNumberNodes.DEFAULT;
        var commands = Topics.INVOICE_NUMBER_COMMANDS;
        topology.addSource(
                nodes.commandsSource(),
                commands.keySerde().deserializer(),
                commands.valueSerde().deserializer(),
                commands.name(deployment));
        topology.addProcessor(
                nodes.processor(), () -> new InvoiceNumberProcessor(nodes, portal), nodes.commandsSource());
        topology.addStateStore(
                Stores.keyValueStoreBuilder(
                                Stores.persistentKeyValueStore(nodes.numberingStore()),
                                Serdes.String(),
                                AvroSerde.of(InvoiceNumbering.class))
                        .withCachingDisabled()
                        .withLoggingEnabled(Map.of()),
                nodes.processor());
        topology.addStateStore(
                Stores.keyValueStoreBuilder(
                                Stores.persistentKeyValueStore(nodes.processedCommandStore()),
                                Serdes.String(),
                                Serdes.Long())
                        .withCachingDisabled()
                        .withLoggingEnabled(Map.of()),
                nodes.processor());
        var finalizations = Topics.SUBSCRIPTION_COMMANDS;
        topology.addSink(
                nodes.finalizationsSink(),
                finalizations.name(deployment),
                finalizations.keySerde().serializer(),
                finalizations.valueSerde().serializer(),
                nodes.processor());
    }

    /** The sink {@code name} of the aggregate {@code from}'s processor, writing to {@code topic}. */
    private static <V> void addSink(
            Topology topology, Deployment deployment, CommandNodes from, String name, Topic<String, V> topic) {
        topology.addSink(
                name,
                topic.name(deployment),
                topic.keySerde().serializer(),
                topic.valueSerde().serializer(),
                from.commandProcessor());
    }
}
