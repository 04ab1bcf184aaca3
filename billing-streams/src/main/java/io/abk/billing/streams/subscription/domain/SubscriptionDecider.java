package io.abk.billing.streams.subscription.domain;

import io.abk.billing.streams.subscription.domain.SubscriptionEvent.SubscriptionCreated;
import io.abk.billing.streams.subscription.domain.SubscriptionInstruction.Activate;
import io.abk.billing.streams.subscription.domain.SubscriptionInstruction.ApplyDiscount;
import io.abk.billing.streams.subscription.domain.SubscriptionInstruction.Cancel;
import io.abk.billing.streams.subscription.domain.SubscriptionInstruction.Charge;
import io.abk.billing.streams.subscription.domain.SubscriptionInstruction.ChargeDue;
import io.abk.billing.streams.subscription.domain.SubscriptionInstruction.CheckFunding;
import io.abk.billing.streams.subscription.domain.SubscriptionInstruction.Complete;
import io.abk.billing.streams.subscription.domain.SubscriptionInstruction.Create;
import io.abk.billing.streams.subscription.domain.SubscriptionInstruction.ExpireIncomplete;
import io.abk.billing.streams.subscription.domain.SubscriptionInstruction.Finalize;
import io.abk.billing.streams.subscription.domain.SubscriptionInstruction.InvoiceInstruction;
import io.abk.billing.streams.subscription.domain.SubscriptionInstruction.Pause;
import io.abk.billing.streams.subscription.domain.SubscriptionInstruction.RecordUsage;
import io.abk.billing.streams.subscription.domain.SubscriptionInstruction.Refund;
import io.abk.billing.streams.subscription.domain.SubscriptionInstruction.Renew;
import io.abk.billing.streams.subscription.domain.SubscriptionInstruction.Resume;
import io.abk.billing.streams.subscription.domain.SubscriptionInstruction.ReverseCharge;
import io.abk.billing.streams.subscription.domain.SubscriptionInstruction.RevokeMandate;
import io.abk.billing.streams.subscription.domain.SubscriptionInstruction.SettleCharge;
import io.abk.billing.streams.subscription.domain.SubscriptionInstruction.SettleCustomerRequest;
import io.abk.billing.streams.subscription.domain.SubscriptionInstruction.SettleFundingCheck;
import io.abk.billing.streams.subscription.domain.SubscriptionInstruction.SettleRefund;
import io.abk.billing.streams.subscription.domain.SubscriptionInstruction.SettleSignedMandate;
import io.abk.billing.streams.subscription.domain.SubscriptionInstruction.SubmitCustomerRequest;
import io.abk.billing.streams.subscription.domain.SubscriptionInstruction.SubmitSignedMandate;
import io.abk.billing.streams.subscription.domain.SubscriptionInstruction.Update;
import io.abk.billing.streams.subscription.domain.SubscriptionInstruction.VoidInvoice;
import io.abk.billing.streams.subscription.domain.SubscriptionState.Absent;
import io.abk.billing.streams.subscription.domain.SubscriptionState.Existing;
import java.time.Duration;
import java.util.List;

/**
 * The subscription aggregate's rules (docs/architecture.md, "Subscription lifecycle") as a pure function:
 * {@link #decide} answers a command with events or a rejection ({@link SubscriptionEvolver} applies them). No I/O
 * and no clock: time comes from the command's {@code requestedAt}, the retry schedule from the {@link DunningPolicy}
 * given. This class checks what every command shares (the aggregate exists, is the caller's, holds the invoice named)
 * and hands each command to the rules of its concern: {@link ActivationRules}, {@link LifecycleRules},
 * {@link UpdateRules} (with {@link ProrationRules}), {@link DiscountRules}, {@link InvoiceRules}, {@link SettlementRules}, {@link SignedMandateRules}, {@link CustomerActionRules}, {@link FinalizationRules}, and for what the renewal scheduler fires,
 * {@link RenewalRules} and {@link FundingRules}, and for the usage processor's answer, {@link UsageRules}.
 */
public final class SubscriptionDecider {

    private SubscriptionDecider() {}

    public static SubscriptionDecision decide(
            SubscriptionState state, SubscriptionInstruction command, DunningPolicy dunning) {
        if (command instanceof Create create) {
            return create(state, create);
        }
        if (!(state instanceof Existing existing)
                || !existing.details().tenant().equals(command.tenant())) {
            // Another merchant's or mode's subscription is indistinguishable from a missing one.
            return SubscriptionDecision.reject(
                    SubscriptionRejection.RESOURCE_MISSING, "No such subscription: " + command.subscriptionId());
        }
        if (command instanceof InvoiceInstruction invoiceCommand
                && existing.details().invoice(invoiceCommand.invoiceId()).isEmpty()) {
            return SubscriptionDecision.reject(
                    SubscriptionRejection.RESOURCE_MISSING, "No such invoice: " + invoiceCommand.invoiceId());
        }
        return switch (command) {
            case Create create -> throw new IllegalStateException("create is decided above");
            case Activate activate -> ActivationRules.activate(existing, activate, dunning);
            case Complete complete -> ActivationRules.complete(existing, complete);
            case Cancel cancel -> LifecycleRules.cancel(existing, cancel);
            case Resume resume -> LifecycleRules.resume(existing, resume, dunning);
            case Pause pause -> LifecycleRules.pause(existing, pause);
            case RevokeMandate revoke -> LifecycleRules.revokeMandate(existing, revoke);
            case Update update -> UpdateRules.update(existing, update, dunning);
            case ApplyDiscount apply -> DiscountRules.apply(existing, apply);
            case Charge charge -> InvoiceRules.charge(existing, charge, dunning);
            case Refund refund -> InvoiceRules.refund(existing, refund);
            case VoidInvoice voidInvoice -> InvoiceRules.voidInvoice(existing, voidInvoice);
            case Finalize finalize -> FinalizationRules.finalize(existing, finalize);
            case SettleCharge settle -> SettlementRules.settleCharge(existing, settle, dunning);
            case SettleRefund settle -> SettlementRules.settleRefund(existing, settle);
            case Renew renew -> RenewalRules.renew(existing, renew, dunning);
            case ChargeDue due -> RenewalRules.chargeDue(existing, due, dunning);
            case RecordUsage usage -> UsageRules.record(existing, usage, dunning);
            case ExpireIncomplete expire -> RenewalRules.expireIncomplete(existing, expire);
            case ReverseCharge reverse -> SettlementRules.reverseCharge(existing, reverse);
            case SubmitSignedMandate submit -> SignedMandateRules.submit(existing, submit);
            case SettleSignedMandate settle -> SignedMandateRules.settle(existing, settle);
            case SubmitCustomerRequest submit -> CustomerActionRules.submit(existing, submit);
            case SettleCustomerRequest settle -> CustomerActionRules.settle(existing, settle);
            case CheckFunding check -> FundingRules.check(existing, check);
            case SettleFundingCheck settle -> FundingRules.settle(existing, settle);
        };
    }

    /**
     * (none) -> incomplete: mandate pending, first invoice open and due now. Without a trial the anchor is now and
     * the first period one interval long; with one, the anchor is the trial's end, the first period ends there
     * and its invoice is 0 USDC (paid at activation), so renewals bill the full amount from the trial's end.
     */
    private static SubscriptionDecision create(SubscriptionState state, Create command) {
        return switch (state) {
            case Existing existing ->
                SubscriptionDecision.reject(
                        SubscriptionRejection.SUBSCRIPTION_EXISTS, "Subscription " + existing.id() + " already exists");
            case Absent absent -> {
                var now = command.requestedAt();
                var trial = command.trialDays() > 0;
                var trialEnd = trial ? now.plus(Duration.ofDays(command.trialDays())) : null;
                var anchor = trialEnd != null ? trialEnd : now;
                var period =
                        BillingPeriods.periodFrom(now, anchor, command.plan().interval());
                var subscription = new SubscriptionDetails(
                        command.subscriptionId(),
                        command.tenant(),
                        command.plan(),
                        command.wallets(),
                        command.merchantRef(),
                        command.metadata(),
                        command.successUrl(),
                        command.cancelUrl(),
                        new BillingCycle(period, anchor, trialEnd, false),
                        Mandate.pending(),
                        List.of(),
                        null,
                        now,
                        Settlements.NONE,
                        null,
                        CustomerActions.NONE,
                        null,
                        command.discount(),
                        List.of(),
                        null);
                var line = trial
                        ? InvoiceLine.trial(command.plan(), period)
                        : InvoiceLine.subscription(command.plan(), period);
                var t = Transition.created(new SubscriptionCreated(subscription));
                InvoiceComposer.open(
                        t, command.invoiceId(), List.of(line), BillingReason.SUBSCRIPTION_CREATE, period, now, now);
                yield t.accept();
            }
        };
    }
}
