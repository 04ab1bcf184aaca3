package io.abk.billing.streams.subscription;

import io.abk.billing.schemas.avro.InvoiceSnapshot;
import io.abk.billing.schemas.avro.SettledInvoice;
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
 * invoice. The store grows by one entry (about 0.3 KB) per invoice a subscription settles, and a command reads at
 * most one entry and writes a few, so no command's cost grows with a subscription's age.
 */
final class SettledInvoiceStore {

    /** What one command changes here: invoices that left the aggregate, and ones that came back into it. */
    record Writes(List<InvoiceSnapshot> left, List<String> returnedIds) {
        static final Writes NONE = new Writes(List.of(), List.of());

        Writes {
            left = List.copyOf(left);
            returnedIds = List.copyOf(returnedIds);
        }
    }

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
}
