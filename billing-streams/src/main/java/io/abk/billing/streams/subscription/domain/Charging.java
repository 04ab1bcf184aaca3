package io.abk.billing.streams.subscription.domain;

import io.abk.billing.streams.shared.domain.RelayerGas;
import io.abk.billing.streams.subscription.domain.SubscriptionEvent.ChargeRequested;
import io.abk.billing.streams.subscription.domain.SubscriptionEvent.InvoicePaid;
import io.abk.billing.streams.subscription.domain.SubscriptionEvent.InvoicePaymentFailed;
import io.abk.billing.streams.subscription.domain.SubscriptionEvent.InvoiceVoided;
import io.abk.billing.streams.subscription.domain.SubscriptionEvent.PeriodAdvanced;
import io.abk.billing.streams.subscription.domain.SubscriptionEvent.SubscriptionBecameActive;
import io.abk.billing.streams.subscription.domain.SubscriptionEvent.SubscriptionPastDue;
import io.abk.billing.streams.subscription.domain.SubscriptionState.Active;
import io.abk.billing.streams.subscription.domain.SubscriptionState.Canceled;
import io.abk.billing.streams.subscription.domain.SubscriptionState.Incomplete;
import io.abk.billing.streams.subscription.domain.SubscriptionState.PastDue;
import java.time.Instant;
import org.jspecify.annotations.Nullable;

/**
 * What a charge attempt does and what its outcome does, shared by every command that charges (manual charge, activate,
 * resume from pause) and by the settlement result. Preconditions on the invoice (open or uncollectible, no charge in
 * flight) are the caller's; these steps apply the invoice rules and dunning (docs/architecture.md, "Invoice" and
 * "Charge retries (dunning)").
 */
final class Charging {

    /** The metadata key whose value decides the simulated outcome of charges the system runs by itself. */
    static final String SANDBOX_OUTCOME_KEY = "sandboxRenewalOutcome";

    static final String MANDATE_INACTIVE = "MANDATE_INACTIVE";

    /** The vault's mandate was canceled (by the customer, or the portal's signed cancel): no retry can pass. */
    static final String MANDATE_REVOKED = "MANDATE_REVOKED";

    /**
     * The invoice asks more than the customer's mandate lets the vault charge per period (a change's prorations added
     * to a renewal): not sent, since the vault would refuse it.
     */
    static final String AMOUNT_EXCEEDS_MANDATE = "amount_exceeds_mandate";

    private Charging() {}

    /**
     * One attempt to charge {@code invoice} at {@code now}. Without an active mandate it fails at once with
     * {@code MANDATE_INACTIVE} (it counts as an attempt, schedules no retry); a 0 USDC invoice (a trial's) is paid
     * at once with nothing to move and no attempt counted; an invoice above the mandate's amount per period fails with
     * {@code amount_exceeds_mandate} and stays open, no attempt counted; otherwise the attempt goes to settlement.
     */
    static void attempt(
            Transition t, Invoice invoice, @Nullable String sandboxMode, Instant now, DunningPolicy dunning) {
        var mandate = t.details().mandate();
        if (!mandate.isActive()) {
            var message = mandate.status() == MandateStatus.REVOKED
                    ? "The customer revoked the payment mandate"
                    : "The customer has not set up the payment mandate";
            failed(t, invoice.attempted(), new ChargeFailure(MANDATE_INACTIVE, message), now, dunning);
            return;
        }
        if (invoice.amount().isZero()) {
            paid(t, invoice, now, null, null);
            return;
        }
        var cap = mandate.amount();
        if (cap != null && invoice.amount().compareTo(cap) > 0) {
            // No attempt is counted and none scheduled: nothing went to the chain, and no retry could pass. The
            // invoice stays open for the merchant to void, or to charge once the amount fits.
            var failure = new ChargeFailure(
                    AMOUNT_EXCEEDS_MANDATE,
                    "Invoice " + invoice.id() + " of "
                            + invoice.amount().toDecimal().toPlainString()
                            + " USDC exceeds the " + cap.toDecimal().toPlainString()
                            + " USDC per period the customer's mandate allows; the vault would refuse the charge");
            t.apply(new InvoicePaymentFailed(invoice.failed(failure, null, false), failure));
            return;
        }
        var attempted = invoice.attempted();
        var settlement = Settlement.charge(invoice.id(), attempted.attemptCount(), invoice.amount(), now);
        t.apply(new ChargeRequested(
                attempted, settlement, sandboxMode, t.details().metadata().get(SANDBOX_OUTCOME_KEY)));
    }

    /**
     * {@code invoice} is paid at {@code paidAt}. An incomplete subscription becomes active (its period stays: the
     * first invoice pays the period it started with); a past-due one becomes active once it owes nothing
     * ({@link #owesNothing}). A paid renewal moves the period on, once: only while the renewal's period lies beyond
     * the current one (a reopened renewal paid again does not move it twice).
     */
    static void paid(Transition t, Invoice invoice, Instant paidAt, @Nullable String txHash, @Nullable RelayerGas gas) {
        t.apply(new InvoicePaid(invoice.paid(paidAt, txHash, gas), invoice.status()));
        var becomesActive = switch (t.state()) {
            case Incomplete incomplete -> true;
            case PastDue pastDue -> owesNothing(pastDue.details());
            default -> false;
        };
        if (becomesActive) {
            t.apply(new SubscriptionBecameActive());
        }
        var cycle = t.details().cycle();
        var current = cycle.currentPeriod();
        if (invoice.billingReason() == BillingReason.SUBSCRIPTION_CYCLE
                && !(t.state() instanceof Canceled)
                && !invoice.period().start().isBefore(current.end())) {
            t.apply(new PeriodAdvanced(BillingPeriods.periodFrom(
                    current.end(), cycle.anchor(), t.details().plan().interval())));
        }
    }

    /**
     * Nothing uncollectible, and nothing open for a period already under way: a subscription goes past due through
     * an invoice turning uncollectible, or through a paid invoice reopened because its charge left the chain (its
     * period began before the current one ends). A renewal still in its retries bills the next period and is not
     * owed yet, as while the subscription was active.
     */
    static boolean owesNothing(SubscriptionDetails details) {
        var currentEnd = details.cycle().currentPeriod().end();
        return details.invoices().stream()
                .noneMatch(i -> i.status() == InvoiceStatus.UNCOLLECTIBLE
                        || (i.status() == InvoiceStatus.OPEN
                                && i.period().start().isBefore(currentEnd)));
    }

    /**
     * Attempt {@code attempted.attemptCount()} of {@code attempted} failed at {@code failedAt}. A canceled
     * subscription's invoice is voided (nothing is retried for it). Otherwise the next attempt is scheduled by the
     * dunning policy while the mandate is active and attempts remain; the last allowed attempt makes the invoice
     * uncollectible, and an incomplete or active subscription past due (once, when the invoice turns).
     */
    static void failed(
            Transition t, Invoice attempted, ChargeFailure failure, Instant failedAt, DunningPolicy dunning) {
        if (t.state() instanceof Canceled) {
            var failedInvoice = attempted.failed(failure, null, false);
            t.apply(new InvoicePaymentFailed(failedInvoice, failure));
            t.apply(new InvoiceVoided(failedInvoice.voided(failedAt)));
            return;
        }
        var exhausted = dunning.exhausted(attempted.attemptCount());
        var retries = !exhausted
                && t.details().mandate().isActive()
                && attempted.status() == InvoiceStatus.OPEN
                && !MANDATE_INACTIVE.equals(failure.code())
                && !MANDATE_REVOKED.equals(failure.code());
        var nextAttemptAt = retries ? dunning.nextAttemptAt(attempted.attemptCount(), failedAt) : null;
        var failedInvoice = attempted.failed(failure, nextAttemptAt, exhausted);
        t.apply(new InvoicePaymentFailed(failedInvoice, failure));
        var turnedUncollectible = attempted.status() != InvoiceStatus.UNCOLLECTIBLE
                && failedInvoice.status() == InvoiceStatus.UNCOLLECTIBLE;
        if (turnedUncollectible && (t.state() instanceof Incomplete || t.state() instanceof Active)) {
            t.apply(new SubscriptionPastDue());
        }
    }
}
