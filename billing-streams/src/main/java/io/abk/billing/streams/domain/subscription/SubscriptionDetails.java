package io.abk.billing.streams.domain.subscription;

import java.time.Instant;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/**
 * What every existing subscription has, whatever its status: the data shared by the status records of
 * {@link SubscriptionState}. Holds the aggregate's invoices, oldest first; {@code latestInvoiceId} names one of
 * them. Immutable: changes return a copy.
 */
public record SubscriptionDetails(
        String id,
        Tenant tenant,
        Plan plan,
        Wallets wallets,
        String merchantRef,
        Map<String, String> metadata,
        @Nullable String successUrl,
        @Nullable String cancelUrl,
        BillingCycle cycle,
        Mandate mandate,
        List<Invoice> invoices,
        @Nullable String latestInvoiceId,
        Instant createdAt) {

    public SubscriptionDetails {
        metadata = Map.copyOf(metadata);
        invoices = List.copyOf(invoices);
        var ids = new HashSet<String>();
        for (var invoice : invoices) {
            if (!ids.add(invoice.id())) {
                throw new IllegalArgumentException("subscription " + id + " holds invoice " + invoice.id() + " twice");
            }
        }
        if (latestInvoiceId != null && !ids.contains(latestInvoiceId)) {
            throw new IllegalArgumentException("subscription " + id + ": latest invoice " + latestInvoiceId
                    + " is not one of its invoices");
        }
    }

    /** A copy with {@code invoice} appended as the latest invoice. */
    public SubscriptionDetails withNewInvoice(Invoice invoice) {
        var all = new ArrayList<>(invoices);
        all.add(invoice);
        return new SubscriptionDetails(id, tenant, plan, wallets, merchantRef, metadata, successUrl, cancelUrl,
                cycle, mandate, all, invoice.id(), createdAt);
    }
}
