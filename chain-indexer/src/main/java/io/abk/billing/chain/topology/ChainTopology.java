package io.abk.billing.chain.topology;

import io.abk.billing.chain.autosettle.AutoSettlementSettings;
import io.abk.billing.chain.autosettle.AutoSettlementTopology;
import io.abk.billing.chain.domain.settlement.ConfiguredChains;
import io.abk.billing.chain.settlement.RelayedResultProcessor;
import io.abk.billing.chain.settlement.SettlementNodes;
import io.abk.billing.chain.settlement.SettlementOutput;
import io.abk.billing.chain.settlement.SettlementProcessor;
import io.abk.billing.chain.settlement.TxClaimProcessor;
import io.abk.billing.schemas.avro.ChainRequest;
import io.abk.billing.schemas.avro.PaymentCommand;
import io.abk.billing.schemas.avro.SubscriptionCommand;
import io.abk.billing.schemas.serde.AvroSerde;
import io.abk.billing.schemas.topic.Deployment;
import io.abk.billing.schemas.topic.Topic;
import io.abk.billing.schemas.topic.Topics;
import io.abk.billing.streamskit.store.UncachedStores;
import java.util.List;
import java.util.Properties;
import org.apache.kafka.common.serialization.Serdes;
import org.apache.kafka.streams.StreamsBuilder;
import org.apache.kafka.streams.StreamsConfig;
import org.apache.kafka.streams.Topology;
import org.apache.kafka.streams.TopologyConfig;
import org.apache.kafka.streams.kstream.Consumed;
import org.apache.kafka.streams.kstream.KStream;
import org.apache.kafka.streams.kstream.Named;
import org.apache.kafka.streams.kstream.Produced;
import org.apache.kafka.streams.kstream.Repartitioned;

/**
 * The chain-indexer topology, used as is by the app and by the TopologyTestDriver test. Every node, store,
 * changelog and the repartition topic are named explicitly, and it is built with the app's settings, whose
 * {@code ensure.explicit.internal.resource.naming} makes a generated name fail the build: a rename can only happen
 * on purpose. The DSL is there for one reason: only it has Kafka Streams create an internal repartition topic.
 *
 * <pre>
 * chain.requests -> chain-requests-source -> settlement-processor [settled-requests, settled-payment-requests] --+
 * chain.results -> chain-results-source -> relayed-results-processor [the same two] --+-> merge-settlement-outputs
 *     -> select-subscription-results -> settlement-results-sink (billing.subscription-commands)
 *     -> select-payment-results -> verification-results-sink (billing.payment-commands)
 *     -> select-tx-claims -> repartition by tx hash (&lt;application id&gt;-tx-claims-repartition)
 *         -> tx-claims-processor [tx-claims] -> claim-results-sink (billing.payment-commands)
 * chain.transfers, billing.changes -> auto-settlement (see {@link AutoSettlementTopology}) -> the same command sinks
 * </pre>
 */
public final class ChainTopology {

    public static final String SETTLED_REQUESTS_STORE = "settled-requests";
    /** The answers given to payments' requests (transfer authorizations), beside the subscriptions' ones. */
    public static final String SETTLED_PAYMENT_REQUESTS_STORE = "settled-payment-requests";

    public static final String TX_CLAIMS_STORE = "tx-claims";
    /** The repartition topic is {@code <application id>-tx-claims-repartition}. */
    public static final String TX_CLAIMS_REPARTITION = "tx-claims";

    static final String CHAIN_REQUESTS_SOURCE = "chain-requests-source";
    static final String SETTLEMENT_PROCESSOR = "settlement-processor";
    static final String CHAIN_RESULTS_SOURCE = "chain-results-source";
    static final String RELAYED_RESULTS_PROCESSOR = "relayed-results-processor";
    static final String SETTLEMENT_RESULTS_SINK = "settlement-results-sink";
    static final String VERIFICATION_RESULTS_SINK = "verification-results-sink";
    static final String TX_CLAIMS_PROCESSOR = "tx-claims-processor";
    static final String CLAIM_RESULTS_SINK = "claim-results-sink";

    private ChainTopology() {}

    /**
     * Every topic the topology reads or writes (its internal ones aside), the dead-letter topic its exception
     * handlers write among them: all must exist before it runs.
     */
    public static List<Topic<?, ?>> topics() {
        return List.of(
                Topics.CHAIN_REQUESTS,
                Topics.CHAIN_RESULTS,
                Topics.SUBSCRIPTION_COMMANDS,
                Topics.PAYMENT_COMMANDS,
                Topics.CHANGES,
                Topics.CHAIN_TRANSFERS,
                Topics.CHAIN_DEAD_LETTERS);
    }

    /** The topology with the default chains' auto-settlement settings (Base's USDC, no relayer). */
    public static Topology build(Deployment deployment, ConfiguredChains chains, Properties streamsProperties) {
        return build(deployment, chains, AutoSettlementSettings.DEFAULTS, streamsProperties);
    }

    /** The topology on {@code deployment}'s topics, checked against {@code streamsProperties} (the app's). */
    public static Topology build(
            Deployment deployment,
            ConfiguredChains chains,
            AutoSettlementSettings autoSettlement,
            Properties streamsProperties) {
        var builder = new StreamsBuilder(new TopologyConfig(new StreamsConfig(streamsProperties)));
        var nodes = new SettlementNodes(SETTLED_REQUESTS_STORE, SETTLED_PAYMENT_REQUESTS_STORE, TX_CLAIMS_STORE);
        addStores(builder, nodes);
        var requests = Topics.CHAIN_REQUESTS;
        KStream<String, SettlementOutput> decided = builder.stream(
                        requests.name(deployment), consumed(requests, CHAIN_REQUESTS_SOURCE))
                .process(
                        () -> new SettlementProcessor(nodes, chains),
                        Named.as(SETTLEMENT_PROCESSOR),
                        nodes.settledRequestsStore(),
                        nodes.settledPaymentRequestsStore());
        // The relayer's results share the store of answers given, so chain.results must be co-partitioned with
        // chain.requests (same key, same partition count); Kafka Streams checks it at start.
        var results = Topics.CHAIN_RESULTS;
        KStream<String, SettlementOutput> relayed = builder.stream(
                        results.name(deployment), consumed(results, CHAIN_RESULTS_SOURCE))
                .process(
                        () -> new RelayedResultProcessor(nodes, chains),
                        Named.as(RELAYED_RESULTS_PROCESSOR),
                        nodes.settledRequestsStore(),
                        nodes.settledPaymentRequestsStore());
        var outputs = decided.merge(relayed, Named.as("merge-settlement-outputs"));
        // Auto-settlement only runs for a mode with a chain: in the sandbox nothing is ever published to
        // chain.transfers, and indexing every change for it would only cost. It has sinks of its own: merging its
        // commands into the ones below would join its subtopologies with settlement's into one, and force all their
        // inputs to be co-partitioned.
        if (chains.testChainConfigured() || chains.liveChainConfigured()) {
            var automatic =
                    AutoSettlementTopology.add(builder, deployment, autoSettlement.forChains(chains), TX_CLAIMS_STORE);
            automatic
                    .flatMapValues(
                            SettlementOutput::subscriptionCommands, Named.as("select-auto-subscription-commands"))
                    .to(
                            Topics.SUBSCRIPTION_COMMANDS.name(deployment),
                            produced(Topics.SUBSCRIPTION_COMMANDS, "auto-settlement-subscription-sink"));
            automatic
                    .flatMapValues(SettlementOutput::paymentCommands, Named.as("select-auto-payment-commands"))
                    .to(
                            Topics.PAYMENT_COMMANDS.name(deployment),
                            produced(Topics.PAYMENT_COMMANDS, "auto-settlement-payment-sink"));
        }
        outputs.flatMapValues(SettlementOutput::subscriptionCommands, Named.as("select-subscription-results"))
                .to(
                        Topics.SUBSCRIPTION_COMMANDS.name(deployment),
                        produced(Topics.SUBSCRIPTION_COMMANDS, SETTLEMENT_RESULTS_SINK));
        outputs.flatMapValues(SettlementOutput::paymentCommands, Named.as("select-payment-results"))
                .to(
                        Topics.PAYMENT_COMMANDS.name(deployment),
                        produced(Topics.PAYMENT_COMMANDS, VERIFICATION_RESULTS_SINK));
        outputs.flatMapValues(SettlementOutput::txClaims, Named.as("select-tx-claims"))
                // Partitions: as many as chain.requests (Kafka Streams' default for a repartition).
                .repartition(Repartitioned.<String, ChainRequest>as(TX_CLAIMS_REPARTITION)
                        .withKeySerde(Serdes.String())
                        .withValueSerde(requests.valueSerde()))
                .process(() -> new TxClaimProcessor(nodes), Named.as(TX_CLAIMS_PROCESSOR), nodes.txClaimsStore())
                .to(Topics.PAYMENT_COMMANDS.name(deployment), produced(Topics.PAYMENT_COMMANDS, CLAIM_RESULTS_SINK));
        return builder.build();
    }

    /**
     * Caching off ({@link UncachedStores}): answers are forwarded explicitly. Claims never expire: a hash that paid
     * once can never pay again, and an entry is about a hundred bytes.
     */
    private static void addStores(StreamsBuilder builder, SettlementNodes nodes) {
        builder.addStateStore(UncachedStores.timestampedKeyValue(
                nodes.settledRequestsStore(), AvroSerde.of(SubscriptionCommand.class)));
        builder.addStateStore(UncachedStores.timestampedKeyValue(
                nodes.settledPaymentRequestsStore(), AvroSerde.of(PaymentCommand.class)));
        builder.addStateStore(UncachedStores.keyValue(nodes.txClaimsStore(), Serdes.String()));
    }

    private static <V> Consumed<String, V> consumed(Topic<String, V> topic, String sourceName) {
        return Consumed.with(topic.keySerde(), topic.valueSerde()).withName(sourceName);
    }

    private static <V> Produced<String, V> produced(Topic<String, V> topic, String sinkName) {
        return Produced.with(topic.keySerde(), topic.valueSerde()).withName(sinkName);
    }
}
