package io.abk.billing.streams.subscription.domain;

import io.abk.billing.streams.shared.domain.RelayedSubmission;
import io.abk.billing.streams.shared.domain.SubmissionStatus;
import io.abk.billing.streams.subscription.domain.SubscriptionEvent.FirstCharge;
import io.abk.billing.streams.subscription.domain.SubscriptionEvent.MandateSignatureRequested;
import io.abk.billing.streams.subscription.domain.SubscriptionEvent.MandateSignatureSettled;
import io.abk.billing.streams.subscription.domain.SubscriptionInstruction.SettleSignedMandate;
import io.abk.billing.streams.subscription.domain.SubscriptionInstruction.SubmitSignedMandate;
import io.abk.billing.streams.subscription.domain.SubscriptionState.Canceled;
import io.abk.billing.streams.subscription.domain.SubscriptionState.Existing;
import io.abk.billing.streams.subscription.domain.SubscriptionState.Incomplete;
import java.math.BigInteger;
import java.time.Instant;
import java.util.Locale;
import org.jspecify.annotations.Nullable;

/**
 * Subscribe by signature (docs/architecture.md, "Subscribe by signature"): the customer's signed terms go to the
 * relayer, which submits them to the vault in one transaction; the vault's {@code Subscribed}, seen on chain, then
 * activates the subscription as an approve-and-subscribe does. One submission at a time: while one is pending, or
 * submitted (mined; the activation follows), another is refused; after a failed one the customer may sign again. A refusal is {@code subscription_activate_failed}, naming the rule.
 */
final class SignedMandateRules {

    private SignedMandateRules() {}

    /**
     * Incomplete, mandate pending, no submission pending or submitted, and terms that are the subscription's (amount per period,
     * period length, the customer's wallet when it has one), at least one period, a deadline still ahead: the
     * submission {@code <subscriptionId>:mandate:<n>} goes to the relayer, charging the first invoice in the same
     * transaction when it is open, not free and due by the first charge time.
     */
    static SubscriptionDecision submit(Existing state, SubmitSignedMandate command) {
        var refusal = refusal(state, command);
        if (refusal != null) {
            return SubscriptionDecision.reject(SubscriptionRejection.ACTIVATE_FAILED, refusal);
        }
        var d = state.details();
        var signed = command.signed();
        var previous = d.mandateSignature();
        var number = previous == null ? 1 : previous.submission().number() + 1;
        var signature = new MandateSignature(
                signed.wallet().toLowerCase(Locale.ROOT),
                signed.periods(),
                Instant.ofEpochSecond(signed.deadlineSeconds()),
                RelayedSubmission.pending(number, command.requestedAt()));
        return SubscriptionDecision.accept(new MandateSignatureRequested(signature, signed, firstCharge(d, signed)));
    }

    /**
     * Answers exactly the pending submission (anything else is refused, so an answer applies once): submitted with its
     * transaction and gas, or failed with its code, whatever the subscription's status meanwhile. A failure leaves
     * the mandate pending, so the customer may sign again.
     */
    static SubscriptionDecision settle(Existing state, SettleSignedMandate command) {
        var signature = state.details().mandateSignature();
        if (signature == null
                || !signature.submission().isPending()
                || !signature.requestId(state.id()).equals(command.requestId())) {
            return SubscriptionDecision.reject(
                    SubscriptionRejection.SETTLEMENT_UNKNOWN,
                    "No signed mandate " + command.requestId() + " of subscription " + state.id() + " is pending");
        }
        var settled = signature.withSubmission(signature.submission().settled(command.outcome()));
        return SubscriptionDecision.accept(new MandateSignatureSettled(settled));
    }

    private static @Nullable String refusal(Existing state, SubmitSignedMandate command) {
        var id = state.id();
        var d = state.details();
        var signed = command.signed();
        if (state instanceof Canceled) {
            return "Subscription " + id + " is canceled; canceled is final";
        }
        if (!(state instanceof Incomplete)) {
            return "Subscription " + id + " is " + Statuses.name(state)
                    + "; only an incomplete subscription can be subscribed by signature";
        }
        if (d.mandate().status() != MandateStatus.PENDING) {
            return "Subscription " + id + " has a mandate that is "
                    + d.mandate().status().apiName() + "; only a pending mandate can be set up";
        }
        var previous = d.mandateSignature();
        if (previous != null && previous.submission().status() != SubmissionStatus.FAILED) {
            return "Subscription " + id + " has signed mandate " + previous.requestId(id) + " "
                    + previous.submission().status().apiName() + "; a new one is accepted once it has failed";
        }
        var customer = d.wallets().customer();
        if (!customer.isBlank() && !customer.equalsIgnoreCase(signed.wallet())) {
            return "The signed mandate is " + signed.wallet() + "'s; subscription " + id + " is " + customer + "'s";
        }
        // USDC has 6 decimals: its base units are micro-USDC.
        var amount = BigInteger.valueOf(d.plan().mandateAmount().micros());
        if (!amount.toString().equals(signed.amountBaseUnits())) {
            return "The signed amount per period " + signed.amountBaseUnits() + " is not subscription " + id + "'s "
                    + amount + " base units";
        }
        var months = periodMonths(d.plan().interval());
        if (signed.periodMonths() != months) {
            return "The signed period of " + signed.periodMonths() + " months is not subscription " + id + "'s "
                    + months;
        }
        if (signed.periods() < 1) {
            return "A signed mandate covers at least one period, not " + signed.periods();
        }
        if (signed.deadlineSeconds() <= command.requestedAt().getEpochSecond()) {
            return "The signed mandate's deadline " + Instant.ofEpochSecond(signed.deadlineSeconds()) + " has passed";
        }
        return null;
    }

    /** The first invoice, when it is open, not free and due by the signed first charge time (whole seconds, as signed). */
    private static @Nullable FirstCharge firstCharge(SubscriptionDetails d, SignedMandate signed) {
        var firstId = d.latestInvoiceId();
        var first = firstId == null ? null : d.invoice(firstId).orElse(null);
        if (first == null
                || first.status() != InvoiceStatus.OPEN
                || first.amount().isZero()
                || first.dueAt().getEpochSecond() > signed.firstChargeAtSeconds()) {
            return null;
        }
        return new FirstCharge(first.id(), first.amount());
    }

    static int periodMonths(Interval interval) {
        return switch (interval) {
            case MONTH -> 1;
            case YEAR -> 12;
        };
    }
}
