package io.abk.billing.streams.subscription.domain;

import io.abk.billing.streams.shared.domain.Tenant;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.jspecify.annotations.Nullable;

/**
 * What every existing subscription has, whatever its status: the data shared by the status records of
 * {@link SubscriptionState}. Holds the aggregate's invoices, oldest first ({@code latestInvoiceId} names one of
 * them), and the settlements in flight for them. Settled invoices may leave it and come back when a command names
 * one ({@link InvoiceRetention}), so "every invoice" here means every invoice the rules can still act on by
 * themselves. Immutable: changes return a copy.
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
        Instant createdAt,
        Settlements settlements) {

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
            throw new IllegalArgumentException(
                    "subscription " + id + ": latest invoice " + latestInvoiceId + " is not one of its invoices");
        }
        for (var settlement : settlements.inFlight()) {
            if (!ids.contains(settlement.invoiceId())) {
                throw new IllegalArgumentException("subscription " + id + ": settlement " + settlement.requestId()
                        + " is for an invoice it does not hold");
            }
        }
    }

    public Optional<Invoice> invoice(String invoiceId) {
        return invoices.stream()
                .filter(invoice -> invoice.id().equals(invoiceId))
                .findFirst();
    }

    /** A copy with {@code invoice} appended as the latest invoice. */
    public SubscriptionDetails withNewInvoice(Invoice invoice) {
        var all = new ArrayList<>(invoices);
        all.add(invoice);
        return new SubscriptionDetails(
                id,
                tenant,
                plan,
                wallets,
                merchantRef,
                metadata,
                successUrl,
                cancelUrl,
                cycle,
                mandate,
                all,
                invoice.id(),
                createdAt,
                settlements);
    }

    /**
     * A copy holding {@code invoice} again, one that had left the aggregate settled ({@link InvoiceRetention}),
     * placed among the others by creation time; the latest invoice stays the latest.
     */
    public SubscriptionDetails withSettledInvoice(Invoice invoice) {
        if (invoice(invoice.id()).isPresent()) {
            throw new IllegalStateException("subscription " + id + " holds invoice " + invoice.id() + " already");
        }
        var all = new ArrayList<Invoice>(invoices.size() + 1);
        var placed = false;
        for (var held : invoices) {
            if (!placed && held.createdAt().isAfter(invoice.createdAt())) {
                all.add(invoice);
                placed = true;
            }
            all.add(held);
        }
        if (!placed) {
            all.add(invoice);
        }
        return new SubscriptionDetails(
                id,
                tenant,
                plan,
                wallets,
                merchantRef,
                metadata,
                successUrl,
                cancelUrl,
                cycle,
                mandate,
                all,
                latestInvoiceId,
                createdAt,
                settlements);
    }

    /** A copy without the invoices named in {@code invoiceIds} (settled ones leaving the aggregate). */
    public SubscriptionDetails withoutInvoices(Set<String> invoiceIds) {
        var kept = invoices.stream()
                .filter(invoice -> !invoiceIds.contains(invoice.id()))
                .toList();
        return new SubscriptionDetails(
                id,
                tenant,
                plan,
                wallets,
                merchantRef,
                metadata,
                successUrl,
                cancelUrl,
                cycle,
                mandate,
                kept,
                latestInvoiceId,
                createdAt,
                settlements);
    }

    /** A copy with the invoice of the same id replaced by {@code invoice}. */
    public SubscriptionDetails withInvoice(Invoice invoice) {
        if (invoice(invoice.id()).isEmpty()) {
            throw new IllegalStateException("subscription " + id + " holds no invoice " + invoice.id());
        }
        var all = invoices.stream()
                .map(old -> old.id().equals(invoice.id()) ? invoice : old)
                .toList();
        return new SubscriptionDetails(
                id,
                tenant,
                plan,
                wallets,
                merchantRef,
                metadata,
                successUrl,
                cancelUrl,
                cycle,
                mandate,
                all,
                latestInvoiceId,
                createdAt,
                settlements);
    }

    /** A copy with what an update (PATCH), a cancel at period end or a mandate change may touch. */
    public SubscriptionDetails with(Plan plan, BillingCycle cycle, Map<String, String> metadata, Mandate mandate) {
        return new SubscriptionDetails(
                id,
                tenant,
                plan,
                wallets,
                merchantRef,
                metadata,
                successUrl,
                cancelUrl,
                cycle,
                mandate,
                invoices,
                latestInvoiceId,
                createdAt,
                settlements);
    }

    public SubscriptionDetails withCycle(BillingCycle cycle) {
        return with(plan, cycle, metadata, mandate);
    }

    public SubscriptionDetails withMandate(Mandate mandate) {
        return with(plan, cycle, metadata, mandate);
    }

    public SubscriptionDetails withSettlements(Settlements settlements) {
        return new SubscriptionDetails(
                id,
                tenant,
                plan,
                wallets,
                merchantRef,
                metadata,
                successUrl,
                cancelUrl,
                cycle,
                mandate,
                invoices,
                latestInvoiceId,
                createdAt,
                settlements);
    }
}
