package io.abk.billing.streams.subscription.domain;

import io.abk.billing.schemas.money.UsdcAmount;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/**
 * What happened to a subscription aggregate, in the order it happened. {@link SubscriptionEvolver#evolve} folds
 * them into the state. {@link Published} events become public events (one each, same order); the others are the
 * aggregate's own bookkeeping: settlements asked for and answered, and status moves that the public learns from
 * the snapshot of the event that caused them (an incomplete subscription turns active inside {@code invoice.paid}).
 * Events that change an invoice carry the invoice as it is after that event.
 */
public sealed interface SubscriptionEvent {

    /** An event the outside world sees, as {@code billing.events} type {@code subscription.*} or {@code invoice.*}. */
    sealed interface Published extends SubscriptionEvent {}

    /** An event that changes one invoice to {@link #invoice()}. */
    sealed interface InvoiceChanged extends SubscriptionEvent {
        Invoice invoice();
    }

    /** A subscription came to be, incomplete, with these details and no invoice yet. */
    record SubscriptionCreated(SubscriptionDetails subscription) implements Published {
        public SubscriptionCreated {
            if (!subscription.invoices().isEmpty()) {
                throw new IllegalArgumentException("a subscription is created before its invoices");
            }
        }
    }

    /** A new invoice was added to the subscription and became its latest. */
    record InvoiceCreated(Invoice invoice) implements Published {}

    /** The customer set up the mandate. */
    record SubscriptionActivated(Mandate mandate) implements Published {}

    /** The plan, cycle ({@code cancelAtPeriodEnd}, anchor), metadata or mandate changed to these. */
    record SubscriptionUpdated(Plan plan, BillingCycle cycle, Map<String, String> metadata, Mandate mandate)
            implements Published {
        public SubscriptionUpdated {
            metadata = Map.copyOf(metadata);
        }
    }

    /** The discount of the subscription's invoices is now {@code discount} (null: none). */
    record DiscountApplied(@Nullable Discount discount) implements Published {}

    /** A {@code once} discount took something off an invoice: it is used up. */
    record DiscountEnded() implements SubscriptionEvent {}

    /** The lines waiting for the subscription's next invoice are now {@code lines}, in order. */
    record InvoiceLinesPending(List<InvoiceLine> lines) implements SubscriptionEvent {
        public InvoiceLinesPending {
            lines = List.copyOf(lines);
        }
    }

    /**
     * An incomplete subscription's open first invoice has new lines (its discount changed before it was charged);
     * the public learns it from the subscription's change.
     */
    record InvoiceRepriced(Invoice invoice) implements InvoiceChanged {}

    /** An invoice became uncollectible: the subscription is past due. */
    record SubscriptionPastDue() implements Published {}

    /** Canceled at {@code canceledAt}; the mandate is revoked with it. */
    record SubscriptionCanceled(Instant canceledAt) implements Published {}

    record SubscriptionPaused(Instant pausedAt) implements Published {}

    /** Back from a pause, active with this new cycle. */
    record SubscriptionResumed(BillingCycle cycle) implements Published {}

    /** Paid; {@code previousStatus} tells a recovery (uncollectible) or money arriving after a void apart. */
    record InvoicePaid(Invoice invoice, InvoiceStatus previousStatus) implements Published, InvoiceChanged {}

    record InvoicePaymentFailed(Invoice invoice, ChargeFailure failure) implements Published, InvoiceChanged {}

    /**
     * The charge that paid the invoice is no longer on the chain: open again and due at once; {@code failure} says
     * why ({@code CHARGE_REVERSED}).
     */
    record InvoiceReopened(Invoice invoice, ChargeFailure failure) implements Published, InvoiceChanged {}

    record InvoiceRefunded(Invoice invoice, UsdcAmount refundAmount) implements Published, InvoiceChanged {}

    record InvoiceVoided(Invoice invoice) implements Published, InvoiceChanged {}

    /** {@code invoice.finalized}: the invoice has its number and hosted page. */
    record InvoiceFinalized(Invoice invoice) implements Published, InvoiceChanged {}

    /**
     * A charge went to settlement; {@code invoice} counts the attempt. {@code sandboxMode} is a manual charge's
     * explicit simulator outcome, {@code sandboxDefaultOutcome} the subscription's
     * {@code metadata.sandboxRenewalOutcome}.
     */
    record ChargeRequested(
            Invoice invoice,
            Settlement settlement,
            @Nullable String sandboxMode,
            @Nullable String sandboxDefaultOutcome)
            implements InvoiceChanged {}

    /** A refund went to settlement and reserves its amount until answered. */
    record RefundRequested(Settlement settlement, @Nullable String originalTxHash) implements SubscriptionEvent {}

    /** Settlement answered {@code requestId}: it is no longer in flight (its reservation is released). */
    record SettlementClosed(String requestId) implements SubscriptionEvent {}

    /** An incomplete or past-due subscription is paid up: active. */
    record SubscriptionBecameActive() implements SubscriptionEvent {}

    /** A renewal was paid: the current period moves to {@code period}. */
    record PeriodAdvanced(Period period) implements SubscriptionEvent {}

    /**
     * The customer's signed mandate went to the relayer ({@code signed} is what it submits): the subscription's
     * {@code mandateSignature} is {@code signature}, pending. {@code firstCharge}: the same transaction charges that
     * invoice.
     */
    record MandateSignatureRequested(
            MandateSignature signature,
            SignedMandate signed,
            @Nullable FirstCharge firstCharge) implements SubscriptionEvent {

        public MandateSignatureRequested {
            if (!signature.submission().isPending()) {
                throw new IllegalArgumentException("a requested mandate signature is pending");
            }
        }
    }

    /** The relayer answered the pending signed mandate: {@code signature} is submitted or failed. */
    record MandateSignatureSettled(MandateSignature signature) implements SubscriptionEvent {}

    /**
     * The customer's signed action went to the relayer ({@code request} is what it submits): {@code action}, pending,
     * is the subscription's last customer action.
     */
    record CustomerActionRequested(CustomerAction action, CustomerRequest request) implements SubscriptionEvent {

        public CustomerActionRequested {
            if (!action.submission().isPending() || action.kind() != request.kind()) {
                throw new IllegalArgumentException("a requested customer action is pending and of its request's kind");
            }
        }
    }

    /** The relayer answered a pending customer action: {@code action} is submitted or failed. */
    record CustomerActionSettled(CustomerAction action) implements SubscriptionEvent {}

    /**
     * The chain is asked what the customer's wallet holds and allows the vault before the renewal of {@code amount}
     * at {@code check}'s period end; {@code check} is pending. {@code sandboxOutcome}: the subscription's
     * {@code metadata.sandboxRenewalOutcome}, which the sandbox answers from.
     */
    record FundingCheckRequested(
            RenewalFundingCheck check,
            UsdcAmount amount,
            @Nullable String sandboxOutcome) implements SubscriptionEvent {

        public FundingCheckRequested {
            if (check.settled()) {
                throw new IllegalArgumentException("a requested funding check is pending");
            }
        }
    }

    /** chain-indexer answered the pending funding check: {@code check} is settled. */
    record FundingCheckAnswered(RenewalFundingCheck check) implements SubscriptionEvent {}

    /**
     * {@code invoice.upcoming}: the renewal invoice of {@code amount} (the licensed part) for {@code upcoming} will be
     * created and charged at its start; {@code required} is the most that renewal may charge (the amount, or with a
     * metered item the signed maximum per period, its usage being known only at the close), against which
     * {@code funding}, what the chain showed of the wallet (null when it could not be read), is measured.
     */
    record RenewalUpcoming(
            Period upcoming,
            UsdcAmount amount,
            UsdcAmount required,
            @Nullable WalletFunding funding) implements Published {}

    /**
     * {@code subscription.allowance_low}: the allowance covers fewer than two more renewals of {@code amount}, the most
     * one renewal may charge.
     */
    record AllowanceLow(UsdcAmount amount, WalletFunding funding) implements Published {}

    /**
     * The renewal of a subscription with a metered item at the end of {@code period} waits for the period's usage: the
     * usage processor is asked to close it (and count on to {@code nextPeriodEnd}); the subscription awaits
     * {@code period.end()}.
     */
    record UsagePeriodClosing(Period period, Instant nextPeriodEnd) implements SubscriptionEvent {}

    /** The usage of the period ending at {@code periodEnd} arrived: nothing awaits it any more. */
    record UsageRecorded(Instant periodEnd) implements SubscriptionEvent {}

    /** The invoice a subscribe-by-signature transaction charges, and for how much. */
    record FirstCharge(String invoiceId, UsdcAmount amount) {}
}
