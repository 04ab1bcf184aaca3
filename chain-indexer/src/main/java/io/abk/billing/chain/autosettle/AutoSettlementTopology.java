package io.abk.billing.chain.autosettle;

import io.abk.billing.chain.settlement.SettlementOutput;
import io.abk.billing.schemas.avro.ChainTransfer;
import io.abk.billing.schemas.avro.PayoutPayment;
import io.abk.billing.schemas.avro.TransferClaim;
import io.abk.billing.schemas.avro.VaultMandate;
import io.abk.billing.schemas.serde.AvroSerde;
import io.abk.billing.schemas.topic.Deployment;
import io.abk.billing.schemas.topic.Topic;
import io.abk.billing.schemas.topic.Topics;
import io.abk.billing.streamskit.store.UncachedStores;
import org.apache.kafka.common.serialization.Serde;
import org.apache.kafka.common.serialization.Serdes;
import org.apache.kafka.streams.StreamsBuilder;
import org.apache.kafka.streams.kstream.Consumed;
import org.apache.kafka.streams.kstream.KStream;
import org.apache.kafka.streams.kstream.Named;
import org.apache.kafka.streams.kstream.Repartitioned;

/**
 * The auto-settlement part of the chain-indexer topology. Every repartition is keyed by what its processor's store
 * is keyed by, so the two inputs of each store meet in one task:
 *
 * <pre>
 * billing.changes -> select-payout-payments -> [payments-by-payout] -> payment-index-processor [payments-by-payout]
 * chain.transfers -> select-payout-transfers -> [transfers-by-payout] -> transfer-match-processor [payments-by-payout]
 *     -+-> merge-transfer-claims -> [transfer-claims] -> transfer-claims-processor [tx-claims] -> commands
 * chain.transfers -> select-retracted-claims -+
 * billing.changes -> select-vault-mandates -> [mandates-by-ref] -> mandate-index-processor [mandates, pending] -> commands
 * chain.transfers -> select-vault-events -> [vault-events-by-ref] -> vault-event-processor [mandates, pending] -> commands
 * </pre>
 */
public final class AutoSettlementTopology {

    public static final String PAYMENTS_BY_PAYOUT_STORE = "payments-by-payout";
    public static final String MANDATES_BY_REF_STORE = "mandates-by-ref";
    public static final String PENDING_VAULT_EVENTS_STORE = "pending-vault-events";

    private AutoSettlementTopology() {}

    /** Adds the auto-settlement nodes and returns the commands they send, for the topology's command sinks. */
    public static KStream<String, SettlementOutput> add(
            StreamsBuilder builder, Deployment deployment, AutoSettlementSettings settings, String txClaimsStore) {
        var nodes = new AutoSettlementNodes(
                PAYMENTS_BY_PAYOUT_STORE, MANDATES_BY_REF_STORE, PENDING_VAULT_EVENTS_STORE, txClaimsStore);
        addStores(builder, nodes);
        var changes = builder.stream(
                Topics.CHANGES.name(deployment), consumed(Topics.CHANGES, "auto-settlement-changes-source"));
        var transfers = builder.stream(
                Topics.CHAIN_TRANSFERS.name(deployment),
                consumed(Topics.CHAIN_TRANSFERS, "auto-settlement-transfers-source"));

        // Only the modes with a chain: the other mode's changes can never meet a transfer.
        var followed = changes.filter(
                (key, change) -> change != null && settings.follows(change.getMode()),
                Named.as("select-followed-modes"));
        followed.flatMap((key, change) -> ChangeIndexes.payments(change), Named.as("select-payout-payments"))
                .repartition(repartitioned("payments-by-payout", AvroSerde.of(PayoutPayment.class)))
                .process(
                        () -> new PaymentIndexProcessor(nodes),
                        Named.as("payment-index-processor"),
                        nodes.paymentsByPayout());

        KStream<String, TransferClaim> matched = transfers
                .flatMap(
                        (key, transfer) -> TransferRouting.toPayouts(transfer, settings),
                        Named.as("select-payout-transfers"))
                .repartition(repartitioned("transfers-by-payout", AvroSerde.of(ChainTransfer.class)))
                .process(
                        () -> new TransferMatchProcessor(nodes),
                        Named.as("transfer-match-processor"),
                        nodes.paymentsByPayout());
        KStream<String, TransferClaim> retracted = transfers.flatMap(
                (key, transfer) -> TransferRouting.toRetractedClaims(transfer, settings),
                Named.as("select-retracted-claims"));
        // Keyed by hash like the settlement's tx-claims repartition: Kafka Streams gives both the same partition
        // count, since their processors share the tx-claims store.
        KStream<String, SettlementOutput> claimed = matched.merge(retracted, Named.as("merge-transfer-claims"))
                .repartition(repartitioned("transfer-claims", AvroSerde.of(TransferClaim.class)))
                .process(
                        () -> new TransferClaimProcessor(nodes),
                        Named.as("transfer-claims-processor"),
                        nodes.txClaims());

        KStream<String, SettlementOutput> indexed = followed.flatMap(
                        (key, change) -> ChangeIndexes.mandates(change), Named.as("select-vault-mandates"))
                .repartition(repartitioned("mandates-by-ref", AvroSerde.of(VaultMandate.class)))
                .process(
                        () -> new MandateIndexProcessor(nodes, settings),
                        Named.as("mandate-index-processor"),
                        nodes.mandatesByRef(),
                        nodes.pendingVaultEvents());
        KStream<String, SettlementOutput> vaultEvents = transfers
                .flatMap((key, transfer) -> TransferRouting.toMandates(transfer), Named.as("select-vault-events"))
                .repartition(repartitioned("vault-events-by-ref", AvroSerde.of(ChainTransfer.class)))
                .process(
                        () -> new VaultEventProcessor(nodes, settings),
                        Named.as("vault-event-processor"),
                        nodes.mandatesByRef(),
                        nodes.pendingVaultEvents());

        return claimed.merge(indexed, Named.as("merge-mandate-commands"))
                .merge(vaultEvents, Named.as("merge-vault-event-commands"));
    }

    private static <V> Repartitioned<String, V> repartitioned(String name, Serde<V> valueSerde) {
        return Repartitioned.<String, V>as(name).withKeySerde(Serdes.String()).withValueSerde(valueSerde);
    }

    /** Caching off ({@link UncachedStores}), as in settlement: commands are forwarded explicitly. */
    private static void addStores(StreamsBuilder builder, AutoSettlementNodes nodes) {
        builder.addStateStore(UncachedStores.keyValue(nodes.paymentsByPayout(), AvroSerde.of(PayoutPayment.class)));
        builder.addStateStore(UncachedStores.keyValue(nodes.mandatesByRef(), AvroSerde.of(VaultMandate.class)));
        // Timestamped: an entry's time is when it was put aside, which its retention counts from.
        builder.addStateStore(
                UncachedStores.timestampedKeyValue(nodes.pendingVaultEvents(), AvroSerde.of(ChainTransfer.class)));
    }

    private static <V> Consumed<String, V> consumed(Topic<String, V> topic, String sourceName) {
        return Consumed.with(topic.keySerde(), topic.valueSerde()).withName(sourceName);
    }
}
