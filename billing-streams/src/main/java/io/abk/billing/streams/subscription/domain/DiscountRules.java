package io.abk.billing.streams.subscription.domain;

import io.abk.billing.streams.subscription.domain.SubscriptionEvent.DiscountApplied;
import io.abk.billing.streams.subscription.domain.SubscriptionEvent.InvoiceRepriced;
import io.abk.billing.streams.subscription.domain.SubscriptionInstruction.ApplyDiscount;
import io.abk.billing.streams.subscription.domain.SubscriptionState.Canceled;
import io.abk.billing.streams.subscription.domain.SubscriptionState.Existing;
import io.abk.billing.streams.subscription.domain.SubscriptionState.Incomplete;
import java.util.List;
import java.util.Objects;
import org.jspecify.annotations.Nullable;

/**
 * A coupon redeemed on an existing subscription, or its discount removed (docs/architecture.md, "Plan changes and
 * proration"). The discount replaces any other and applies to the invoices made from then on; an incomplete
 * subscription's open first invoice, which the customer has not paid yet, is re-priced with it, unless its charge is
 * already under way ({@code invoice_in_flight}).
 */
final class DiscountRules {

    private DiscountRules() {}

    static SubscriptionDecision apply(Existing state, ApplyDiscount command) {
        if (state instanceof Canceled) {
            return SubscriptionDecision.reject(SubscriptionRejection.UPDATE_FAILED, LifecycleRules.finalMessage(state));
        }
        var d = state.details();
        var discount = command.discount();
        var first = state instanceof Incomplete ? openFirstInvoice(d) : null;
        if (first != null && inFlight(d, first)) {
            return SubscriptionDecision.reject(
                    SubscriptionRejection.INVOICE_IN_FLIGHT,
                    "Invoice " + first.id() + " of subscription " + state.id()
                            + " is being charged; its discount cannot change while the charge is under way");
        }
        var t = new Transition(state);
        if (!Objects.equals(discount, d.discount())) {
            t.apply(new DiscountApplied(discount));
        }
        if (first != null) {
            var own = first.lines().stream()
                    .filter(line -> line.kind() != InvoiceLineKind.DISCOUNT)
                    .toList();
            var composition = InvoiceComposer.compose(first.id(), own, List.of(), discount, first.period());
            if (!composition.lines().equals(first.lines())) {
                t.apply(new InvoiceRepriced(first.repriced(composition.lines())));
            }
            InvoiceComposer.usedOnce(t, discount, composition);
        }
        return t.accept();
    }

    /** The first invoice of an incomplete subscription, while it is open. */
    private static @Nullable Invoice openFirstInvoice(SubscriptionDetails d) {
        return d.invoices().stream()
                .filter(invoice -> invoice.billingReason() == BillingReason.SUBSCRIPTION_CREATE
                        && invoice.status() == InvoiceStatus.OPEN)
                .findFirst()
                .orElse(null);
    }

    /** A charge of it went to settlement, or a signed mandate whose transaction charges it is with the relayer. */
    private static boolean inFlight(SubscriptionDetails d, Invoice first) {
        var signature = d.mandateSignature();
        return d.settlements().chargeInFlight(first.id())
                || (signature != null && signature.submission().isPending());
    }
}
