package io.abk.billing.streams.subscription;

import io.abk.billing.schemas.avro.InvoiceSnapshot;
import io.abk.billing.schemas.avro.SettledInvoice;
import io.abk.billing.schemas.avro.SubscriptionSnapshot;
import io.abk.billing.streams.subscription.domain.Invoice;
import io.abk.billing.streams.subscription.domain.InvoiceRetention;
import io.abk.billing.streams.subscription.domain.SubscriptionInstruction;
import io.abk.billing.streams.subscription.domain.SubscriptionState.Existing;
import java.util.ArrayList;
import java.util.List;
import org.apache.kafka.streams.state.KeyValueStore;
import org.jspecify.annotations.Nullable;

/**
 * The invoices that left their subscription aggregate settled ({@code InvoiceRetention}), keyed
 * {@code subscriptionId:invoiceId}. The store belongs to the subscription processor, so it lives in the same task as
 * the aggregates: it is co-partitioned with them by subscription id (its changelog partition is the task's), and an
 * invoice is only ever found through its own subscription's key, never another's. Each invoice is in exactly one
 * place: the aggregate or this store.
 *
 * <p>Entries never expire: a settled invoice can be refunded at any time, and it is the system of record for that
 * invoice. The store grows by one entry (about 0.35 KB with one line) per invoice a subscription settles, and a
 * command reads at most one entry and writes a few, so no command's cost grows with a subscription's age.
 */
final class SettledInvoiceStore {

    /** What one command changes here: invoices that left the aggregate, and ones that came back into it. */
    record Writes(List<InvoiceSnapshot> left, List<String> returnedIds) {
        Writes {
            left = List.copyOf(left);
            returnedIds = List.copyOf(returnedIds);
        }
    }

    /** The state with a settled invoice put back, and that invoice as it was. */
    record Restored(Existing state, Invoice invoice) {}

    /** The state to store and what moves to or from this store. */
    record Kept(Existing state, Writes writes) {}

    private final KeyValueStore<String, SettledInvoice> store;

    SettledInvoiceStore(KeyValueStore<String, SettledInvoice> store) {
        this.store = store;
    }

    static String key(String subscriptionId, String invoiceId) {
        return subscriptionId + ":" + invoiceId;
    }

    @Nullable
    InvoiceSnapshot find(String subscriptionId, String invoiceId) {
        var settled = store.get(key(subscriptionId, invoiceId));
        return settled == null ? null : settled.getInvoice();
    }

    void apply(String subscriptionId, Writes writes) {
        for (var invoice : writes.left()) {
            store.put(key(subscriptionId, invoice.getId()), new SettledInvoice(invoice));
        }
        for (var invoiceId : writes.returnedIds()) {
            store.delete(key(subscriptionId, invoiceId));
        }
    }

    /**
     * {@code state} with the settled invoice {@code instruction} names put back ({@link InvoiceRetention#named}), so
     * the rules see it as if it had never left; null when it names none, or one the aggregate holds.
     */
    @Nullable
    Restored restore(Existing state, SubscriptionSnapshot owner, SubscriptionInstruction instruction) {
        var invoiceId = InvoiceRetention.named(instruction).orElse(null);
        if (invoiceId == null || state.details().invoice(invoiceId).isPresent()) {
            return null;
        }
        var snapshot = find(state.id(), invoiceId);
        if (snapshot == null) {
            return null;
        }
        var invoice = InvoiceSnapshotMapper.invoice(snapshot, owner);
        return new Restored(state.mapDetails(d -> d.withSettledInvoice(invoice)), invoice);
    }

    /**
     * {@code after} without its settled invoices, and the writes that move them: each invoice that leaves is written
     * unless it is the restored one unchanged; the restored invoice, if it stays (a refund in flight, reopened), is
     * deleted from this store, so every invoice is in one place only.
     */
    static Kept keep(Existing after, @Nullable Restored restored, long sequence) {
        var left = new ArrayList<InvoiceSnapshot>();
        for (var invoice : InvoiceRetention.settledInvoices(after.details())) {
            if (restored == null || !invoice.equals(restored.invoice())) {
                left.add(InvoiceSnapshotMapper.snapshot(invoice, after.details(), sequence));
            }
        }
        var kept = InvoiceRetention.withoutSettled(after);
        var returned = restored != null
                        && kept.details().invoice(restored.invoice().id()).isPresent()
                ? List.of(restored.invoice().id())
                : List.<String>of();
        return new Kept(kept, new Writes(left, returned));
    }
}
