package io.abk.billing.streams.subscription;

import io.abk.billing.schemas.avro.InFlightSettlement;
import io.abk.billing.schemas.avro.SubscriptionAggregate;
import io.abk.billing.schemas.money.UsdcAmount;
import io.abk.billing.streams.domain.subscription.Settlement;
import io.abk.billing.streams.domain.subscription.SettlementKind;
import io.abk.billing.streams.domain.subscription.Settlements;
import io.abk.billing.streams.domain.subscription.SubscriptionState.Existing;

/**
 * The store value of one aggregate ({@link SubscriptionAggregate}) to and from domain state. The sequence counts
 * accepted commands; it is a storage concern, so it stays out of the domain. Stored snapshots all carry the
 * sequence as their version; only the snapshots on {@code billing.changes} and {@code billing.events} are public.
 * The settlements in flight and the refund count are stored beside the snapshots: they are never public.
 */
final class AggregateMapper {

    private AggregateMapper() {}

    /** An aggregate as loaded from the store: the sequence of its last accepted command and its state. */
    record Stored(long sequence, Existing state) {}

    static Stored read(SubscriptionAggregate aggregate) {
        var settlements = new Settlements(
                aggregate.getInFlight().stream()
                        .map(AggregateMapper::settlement)
                        .toList(),
                aggregate.getRefundCount());
        var state = SnapshotReader.state(aggregate.getSubscription(), aggregate.getInvoices(), settlements);
        return new Stored(aggregate.getSequence(), state);
    }

    static SubscriptionAggregate write(Stored stored) {
        var details = stored.state().details();
        return SubscriptionAggregate.newBuilder()
                .setSequence(stored.sequence())
                .setSubscription(SnapshotMapper.subscription(stored.state(), stored.sequence()))
                .setInvoices(details.invoices().stream()
                        .map(invoice -> SnapshotMapper.invoice(invoice, details, stored.sequence()))
                        .toList())
                .setInFlight(details.settlements().inFlight().stream()
                        .map(AggregateMapper::inFlight)
                        .toList())
                .setRefundCount(details.settlements().refundCount())
                .build();
    }

    private static InFlightSettlement inFlight(Settlement settlement) {
        return InFlightSettlement.newBuilder()
                .setKind(settlement.kind().wireName())
                .setRequestId(settlement.requestId())
                .setInvoiceId(settlement.invoiceId())
                .setAmountMicros(settlement.amount().micros())
                .setResultCommandId(settlement.resultCommandId())
                .setRequestedAt(settlement.requestedAt())
                .build();
    }

    private static Settlement settlement(InFlightSettlement stored) {
        return new Settlement(
                SettlementKind.fromWireName(stored.getKind()),
                stored.getRequestId(),
                stored.getInvoiceId(),
                UsdcAmount.ofMicros(stored.getAmountMicros()),
                stored.getResultCommandId(),
                stored.getRequestedAt());
    }
}
