package io.abk.billing.streams.subscription;

import io.abk.billing.schemas.avro.SubscriptionAggregate;
import io.abk.billing.streams.domain.subscription.SubscriptionState.Existing;

/**
 * The store value of one aggregate ({@link SubscriptionAggregate}) to and from domain state. The sequence counts
 * accepted commands; it is a storage concern, so it stays out of the domain. Stored snapshots all carry the
 * sequence as their version; only the snapshots on {@code billing.changes} and {@code billing.events} are public.
 */
final class AggregateMapper {

    private AggregateMapper() {
    }

    /** An aggregate as loaded from the store: the sequence of its last accepted command and its state. */
    record Stored(long sequence, Existing state) {
    }

    static Stored read(SubscriptionAggregate aggregate) {
        var state = SnapshotReader.state(aggregate.getSubscription(), aggregate.getInvoices());
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
                .build();
    }
}
