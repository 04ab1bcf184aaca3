package io.abk.billing.streams.subscription.domain;

import static io.abk.billing.streams.subscription.domain.Fixtures.AMOUNT;
import static io.abk.billing.streams.subscription.domain.Fixtures.INVOICE_ID;
import static io.abk.billing.streams.subscription.domain.Fixtures.NOW;
import static io.abk.billing.streams.subscription.domain.Fixtures.SUBSCRIPTION_ID;
import static io.abk.billing.streams.subscription.domain.Fixtures.TENANT;

import io.abk.billing.schemas.ids.IdPrefix;
import io.abk.billing.schemas.ids.Ids;
import io.abk.billing.schemas.money.UsdcAmount;
import io.abk.billing.streams.subscription.domain.SettlementResult.Failed;
import io.abk.billing.streams.subscription.domain.SettlementResult.Succeeded;
import io.abk.billing.streams.subscription.domain.SubscriptionInstruction.Activate;
import io.abk.billing.streams.subscription.domain.SubscriptionInstruction.Cancel;
import io.abk.billing.streams.subscription.domain.SubscriptionInstruction.Charge;
import io.abk.billing.streams.subscription.domain.SubscriptionInstruction.ChargeDue;
import io.abk.billing.streams.subscription.domain.SubscriptionInstruction.Complete;
import io.abk.billing.streams.subscription.domain.SubscriptionInstruction.ExpireIncomplete;
import io.abk.billing.streams.subscription.domain.SubscriptionInstruction.Pause;
import io.abk.billing.streams.subscription.domain.SubscriptionInstruction.Refund;
import io.abk.billing.streams.subscription.domain.SubscriptionInstruction.Renew;
import io.abk.billing.streams.subscription.domain.SubscriptionInstruction.Resume;
import io.abk.billing.streams.subscription.domain.SubscriptionInstruction.RevokeMandate;
import io.abk.billing.streams.subscription.domain.SubscriptionInstruction.SettleCharge;
import io.abk.billing.streams.subscription.domain.SubscriptionInstruction.SettleRefund;
import io.abk.billing.streams.subscription.domain.SubscriptionInstruction.Update;
import io.abk.billing.streams.subscription.domain.SubscriptionInstruction.VoidInvoice;
import io.abk.billing.streams.subscription.domain.SubscriptionState.Existing;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/**
 * Commands at {@link #LATER} and the subscription states (docs/architecture.md, "Subscription lifecycle"), each reached
 * through the real decider (never built by hand), so a state here is one the system can be in. The "charging" variants
 * have a charge in flight, the "refunding" ones a refund, for the settlement triggers.
 */
final class Scenarios {

    static final Instant LATER = NOW.plus(Duration.ofHours(1));
    /** Where the first period of {@link Fixtures#create} (monthly, Jan 31) ends: the month's end, Feb 28. */
    static final Instant FIRST_PERIOD_END = Instant.parse("2026-02-28T10:15:30Z");

    static final String RENEW_COMMAND_ID = "cmd_renew";
    /** The invoice the renewal at the end of the first period mints (seeded by the renewal's command id). */
    static final String RENEWAL_ID = Ids.derivedId(IdPrefix.INVOICE, FIRST_PERIOD_END, RENEW_COMMAND_ID);

    static final ChargeFailure DECLINED =
            new ChargeFailure("INSUFFICIENT_BALANCE", "The customer's wallet does not hold enough USDC");

    private Scenarios() {}

    // --- commands ---

    static Activate activate() {
        return new Activate(SUBSCRIPTION_ID, TENANT, LATER, "42");
    }

    static Complete complete() {
        return new Complete(SUBSCRIPTION_ID, TENANT, LATER, "42");
    }

    static Cancel cancel(boolean immediate) {
        return new Cancel(SUBSCRIPTION_ID, TENANT, LATER, immediate);
    }

    static Resume resume() {
        return new Resume(SUBSCRIPTION_ID, TENANT, LATER, "cmd_resume");
    }

    static Pause pause() {
        return new Pause(SUBSCRIPTION_ID, TENANT, LATER);
    }

    static Update update(@Nullable UsdcAmount amount, @Nullable Interval interval, Map<String, String> metadata) {
        return new Update(
                SUBSCRIPTION_ID,
                TENANT,
                LATER,
                amount,
                interval,
                null,
                metadata,
                null,
                ProrationBehavior.CREATE_PRORATIONS,
                "cmd_update");
    }

    static RevokeMandate revoke() {
        return new RevokeMandate(SUBSCRIPTION_ID, TENANT, LATER);
    }

    static Charge charge(String invoiceId, Instant at) {
        return new Charge(SUBSCRIPTION_ID, TENANT, at, invoiceId, null);
    }

    static Refund refund(String invoiceId, @Nullable UsdcAmount amount) {
        return new Refund(SUBSCRIPTION_ID, TENANT, LATER, invoiceId, amount);
    }

    static VoidInvoice voidInvoice(String invoiceId) {
        return new VoidInvoice(SUBSCRIPTION_ID, TENANT, LATER, invoiceId);
    }

    /** The scheduler's renewal at the end of {@code state}'s current period, fired on time. */
    static Renew renew(Existing state) {
        var end = state.details().cycle().currentPeriod().end();
        return new Renew(SUBSCRIPTION_ID, TENANT, end, end, RENEW_COMMAND_ID);
    }

    /** The scheduler's attempt {@code attempt} of {@code invoiceId}, fired at {@code at}. */
    static ChargeDue chargeDue(String invoiceId, int attempt, Instant at) {
        return new ChargeDue(SUBSCRIPTION_ID, TENANT, at, invoiceId, attempt);
    }

    /** The scheduler's expiry, 24 h after the subscription was created. */
    static ExpireIncomplete expire() {
        return new ExpireIncomplete(SUBSCRIPTION_ID, TENANT, NOW.plus(Duration.ofDays(1)));
    }

    /** Settlement's answer to the charge of {@code invoiceId} in flight, as the settlement service sends it. */
    static SettleCharge settleCharge(Existing state, String invoiceId, boolean succeeded) {
        var settlement = inFlight(state, SettlementKind.CHARGE, invoiceId);
        return new SettleCharge(
                SUBSCRIPTION_ID,
                TENANT,
                settlement.requestedAt(),
                invoiceId,
                settlement.requestId(),
                succeeded ? new Succeeded(txHash(settlement.requestId())) : new Failed(DECLINED),
                null);
    }

    /** An answer for a charge that was never asked for. */
    static SettleCharge strayCharge(boolean succeeded) {
        return new SettleCharge(
                SUBSCRIPTION_ID,
                TENANT,
                LATER,
                INVOICE_ID,
                INVOICE_ID + ":9",
                succeeded ? new Succeeded(txHash("x")) : new Failed(DECLINED),
                null);
    }

    static SettleRefund settleRefund(Existing state, String invoiceId, boolean succeeded) {
        var settlement = inFlight(state, SettlementKind.REFUND, invoiceId);
        return new SettleRefund(
                SUBSCRIPTION_ID,
                TENANT,
                settlement.requestedAt(),
                invoiceId,
                settlement.requestId(),
                settlement.amount(),
                succeeded
                        ? new Succeeded(txHash(settlement.requestId()))
                        : new Failed(new ChargeFailure("RELAYER_ERROR", "No live chain is configured for settlement")));
    }

    static SettleRefund strayRefund(boolean succeeded) {
        return new SettleRefund(
                SUBSCRIPTION_ID,
                TENANT,
                LATER,
                INVOICE_ID,
                INVOICE_ID + ":refund:9",
                AMOUNT,
                succeeded ? new Succeeded(txHash("x")) : new Failed(DECLINED));
    }

    static String txHash(String requestId) {
        return "0x%064x".formatted(Math.abs((long) requestId.hashCode()));
    }

    // --- states ---

    static Existing incompletePending() {
        return (Existing) Fixtures.created(Interval.MONTH, 0);
    }

    static Existing incompleteActiveMandate() {
        return apply(incompletePending(), complete());
    }

    /** Activated and its first invoice paid. */
    static Existing active() {
        var activating = apply(incompletePending(), activate());
        return apply(activating, settleCharge(activating, INVOICE_ID, true));
    }

    static Existing activeCancelingAtPeriodEnd() {
        return apply(active(), cancel(false));
    }

    /** Mandate set up, then four declined charges of the first invoice: uncollectible. */
    static Existing pastDue() {
        var state = incompleteActiveMandate();
        var at = LATER;
        for (int attempt = 1; attempt <= 4; attempt++) {
            state = apply(state, charge(INVOICE_ID, at));
            state = apply(state, settleCharge(state, INVOICE_ID, false));
            at = at.plus(Duration.ofDays(1));
        }
        return state;
    }

    static Existing paused() {
        return apply(active(), pause());
    }

    static Existing canceled() {
        return apply(active(), cancel(true));
    }

    /** Active and renewed at the end of its first period: the renewal invoice is being charged. */
    static Existing activeCharging() {
        var active = active();
        return apply(active, renew(active));
    }

    /** Active, the first charge of its renewal declined: the retry is due a day later. */
    static Existing activeRetryDue() {
        var charging = activeCharging();
        return apply(charging, settleCharge(charging, RENEWAL_ID, false));
    }

    static Existing incompleteCharging() {
        return apply(incompleteActiveMandate(), charge(INVOICE_ID, LATER));
    }

    static Existing pastDueCharging() {
        return apply(pastDue(), charge(INVOICE_ID, LATER.plus(Duration.ofDays(10))));
    }

    /** The latest invoice's id: the one a charge in flight is for in the "charging" states. */
    static String latestInvoice(Existing state) {
        var id = state.details().latestInvoiceId();
        if (id == null) {
            throw new IllegalStateException("no invoice");
        }
        return id;
    }

    /** {@code state} with a refund of 4 USDC of the first invoice in flight. */
    static Existing refunding(Existing state) {
        return apply(state, refund(INVOICE_ID, UsdcAmount.ofMicros(4_000_000)));
    }

    // --- plumbing ---

    /** Decides {@code command} on {@code state}, which must accept it, and returns the state it leads to. */
    static Existing apply(Existing state, SubscriptionInstruction command) {
        return switch (Fixtures.decide(state, command)) {
            case SubscriptionDecision.Accepted accepted ->
                (Existing) SubscriptionEvolver.evolveAll(state, accepted.events());
            case SubscriptionDecision.Failed failed -> (Existing) SubscriptionEvolver.evolveAll(state, failed.events());
            case SubscriptionDecision.Rejected rejected ->
                throw new AssertionError(command + " was rejected: " + rejected);
        };
    }

    static Settlement inFlight(Existing state, SettlementKind kind, String invoiceId) {
        return state.details().settlements().inFlight().stream()
                .filter(s -> s.kind() == kind && s.invoiceId().equals(invoiceId))
                .reduce((first, second) -> second)
                .orElseThrow(() -> new AssertionError("no " + kind + " of " + invoiceId + " in flight"));
    }

    static Invoice invoice(Existing state, String invoiceId) {
        return state.details().invoice(invoiceId).orElseThrow();
    }
}
