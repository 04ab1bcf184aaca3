package io.abk.billing.streams.subscription.domain;

import io.abk.billing.streams.shared.domain.ExistingState;
import io.abk.billing.streams.shared.domain.Tenant;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.UnaryOperator;
import org.jspecify.annotations.Nullable;

/**
 * What every existing subscription has, whatever its status: the data shared by the status records of
 * {@link SubscriptionState}. Holds the aggregate's invoices, oldest first ({@code latestInvoiceId} names one of
 * them), the settlements in flight for them, the latest signed mandate handed to the relayer, if any, the customer
 * portal's actions handed to it, the latest funding check before a renewal, the discount its invoices get and the lines
 * waiting for its next invoice (prorations, a carried credit), and the end of the period whose usage a renewal waits for
 * ({@code usageAwaitedFor}, a subscription with a metered item). Settled invoices may leave it and come back when a command names
 * one ({@link InvoiceRetention}), so "every invoice" here means every invoice the rules can still act on by
 * themselves. Immutable: changes return a copy, made by {@link #with}.
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
        Settlements settlements,
        @Nullable MandateSignature mandateSignature,
        CustomerActions customerActions,
        @Nullable RenewalFundingCheck fundingCheck,
        @Nullable Discount discount,
        List<InvoiceLine> pendingLines,
        @Nullable Instant usageAwaitedFor)
        implements ExistingState.Details {

    public SubscriptionDetails {
        metadata = Map.copyOf(metadata);
        invoices = List.copyOf(invoices);
        pendingLines = List.copyOf(pendingLines);
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

    /**
     * The one copy method: a copy with what {@code change} sets, e.g. {@code details.with(d -> d.cycle(cycle))}; the
     * constructor checks the copy as it checks every subscription.
     */
    public SubscriptionDetails with(UnaryOperator<Builder> change) {
        return change.apply(new Builder(this)).build();
    }

    /** A copy with {@code invoice} appended as the latest invoice. */
    public SubscriptionDetails withNewInvoice(Invoice invoice) {
        var all = new ArrayList<>(invoices);
        all.add(invoice);
        return with(d -> d.invoices(all).latestInvoiceId(invoice.id()));
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
        return with(d -> d.invoices(all));
    }

    /** A copy without the invoices named in {@code invoiceIds} (settled ones leaving the aggregate). */
    public SubscriptionDetails withoutInvoices(Set<String> invoiceIds) {
        var kept = invoices.stream()
                .filter(invoice -> !invoiceIds.contains(invoice.id()))
                .toList();
        return with(d -> d.invoices(kept));
    }

    /** A copy with the invoice of the same id replaced by {@code invoice}. */
    public SubscriptionDetails withInvoice(Invoice invoice) {
        if (invoice(invoice.id()).isEmpty()) {
            throw new IllegalStateException("subscription " + id + " holds no invoice " + invoice.id());
        }
        var all = invoices.stream()
                .map(old -> old.id().equals(invoice.id()) ? invoice : old)
                .toList();
        return with(d -> d.invoices(all));
    }

    /**
     * The fields a copy may change, set on a copy of one subscription's details; identity, tenant, wallets, references
     * and creation time have no setter, since nothing changes them. Mutable, but reachable only inside {@link #with}, so
     * no half-changed details are ever seen.
     */
    public static final class Builder {

        private final SubscriptionDetails from;
        private Plan plan;
        private Map<String, String> metadata;
        private BillingCycle cycle;
        private Mandate mandate;
        private List<Invoice> invoices;
        private @Nullable String latestInvoiceId;
        private Settlements settlements;
        private @Nullable MandateSignature mandateSignature;
        private CustomerActions customerActions;
        private @Nullable RenewalFundingCheck fundingCheck;
        private @Nullable Discount discount;
        private List<InvoiceLine> pendingLines;
        private @Nullable Instant usageAwaitedFor;

        private Builder(SubscriptionDetails from) {
            this.from = from;
            this.plan = from.plan;
            this.metadata = from.metadata;
            this.cycle = from.cycle;
            this.mandate = from.mandate;
            this.invoices = from.invoices;
            this.latestInvoiceId = from.latestInvoiceId;
            this.settlements = from.settlements;
            this.mandateSignature = from.mandateSignature;
            this.customerActions = from.customerActions;
            this.fundingCheck = from.fundingCheck;
            this.discount = from.discount;
            this.pendingLines = from.pendingLines;
            this.usageAwaitedFor = from.usageAwaitedFor;
        }

        public Builder plan(Plan plan) {
            this.plan = plan;
            return this;
        }

        public Builder metadata(Map<String, String> metadata) {
            this.metadata = metadata;
            return this;
        }

        public Builder cycle(BillingCycle cycle) {
            this.cycle = cycle;
            return this;
        }

        public Builder mandate(Mandate mandate) {
            this.mandate = mandate;
            return this;
        }

        public Builder invoices(List<Invoice> invoices) {
            this.invoices = invoices;
            return this;
        }

        public Builder latestInvoiceId(@Nullable String latestInvoiceId) {
            this.latestInvoiceId = latestInvoiceId;
            return this;
        }

        public Builder settlements(Settlements settlements) {
            this.settlements = settlements;
            return this;
        }

        public Builder mandateSignature(@Nullable MandateSignature mandateSignature) {
            this.mandateSignature = mandateSignature;
            return this;
        }

        public Builder customerActions(CustomerActions customerActions) {
            this.customerActions = customerActions;
            return this;
        }

        public Builder fundingCheck(@Nullable RenewalFundingCheck fundingCheck) {
            this.fundingCheck = fundingCheck;
            return this;
        }

        public Builder discount(@Nullable Discount discount) {
            this.discount = discount;
            return this;
        }

        public Builder pendingLines(List<InvoiceLine> pendingLines) {
            this.pendingLines = pendingLines;
            return this;
        }

        public Builder usageAwaitedFor(@Nullable Instant usageAwaitedFor) {
            this.usageAwaitedFor = usageAwaitedFor;
            return this;
        }

        private SubscriptionDetails build() {
            return new SubscriptionDetails(
                    from.id,
                    from.tenant,
                    plan,
                    from.wallets,
                    from.merchantRef,
                    metadata,
                    from.successUrl,
                    from.cancelUrl,
                    cycle,
                    mandate,
                    invoices,
                    latestInvoiceId,
                    from.createdAt,
                    settlements,
                    mandateSignature,
                    customerActions,
                    fundingCheck,
                    discount,
                    pendingLines,
                    usageAwaitedFor);
        }
    }
}
