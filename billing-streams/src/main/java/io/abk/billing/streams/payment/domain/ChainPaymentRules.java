package io.abk.billing.streams.payment.domain;

import io.abk.billing.streams.payment.domain.PaymentDecision.Accepted;
import io.abk.billing.streams.payment.domain.PaymentDecision.Rejected;
import io.abk.billing.streams.payment.domain.PaymentEvent.LinkConversionReported;
import io.abk.billing.streams.payment.domain.PaymentEvent.PaymentExpired;
import io.abk.billing.streams.payment.domain.PaymentEvent.PaymentReopened;
import io.abk.billing.streams.payment.domain.PaymentInstruction.PayFromChain;
import io.abk.billing.streams.payment.domain.PaymentInstruction.ReversePayment;
import io.abk.billing.streams.payment.domain.PaymentState.Canceled;
import io.abk.billing.streams.payment.domain.PaymentState.Existing;
import io.abk.billing.streams.payment.domain.PaymentState.Expired;
import io.abk.billing.streams.payment.domain.PaymentState.Open;
import io.abk.billing.streams.payment.domain.PaymentState.Paid;
import java.util.ArrayList;
import java.util.List;

/**
 * What the chain side reports by itself, without a confirm (docs/architecture.md, "The chain path"): a confirmed
 * transfer it matched to the payment (sender when known, payout address, at least the amount, after creation) pays it;
 * the retraction of the transfer that paid it (a reorganisation deeper than the confirmation depth) opens it again,
 * never silently. The chain side sends both without knowing the payment's state, so neither is refused for being stale.
 */
final class ChainPaymentRules {

    /** The failure code of {@code payment.reopened}: the transfer that paid it is no longer on the chain. */
    static final String TRANSFER_REVERSED = "TRANSFER_REVERSED";

    private ChainPaymentRules() {}

    /**
     * Open or expired: paid by that transfer at the match's time, exactly as a verified settlement pays
     * ({@link PaymentDecider#paid}); a verification in flight stays and its answer later only closes it. Paid (by
     * this transfer or another): nothing. Canceled: refused.
     */
    static PaymentDecision payFromChain(Existing state, PayFromChain command) {
        return switch (state) {
            case Paid paid -> new Accepted(List.of(), null);
            case Canceled canceled ->
                new Rejected(
                        PaymentRejection.NOT_CONFIRMABLE,
                        "Payment " + state.id() + " is canceled; transfer " + command.txHash()
                                + " seen on chain cannot pay it");
            case Open open -> pay(open, command);
            case Expired expired -> pay(expired, command);
        };
    }

    private static PaymentDecision pay(Existing state, PayFromChain command) {
        var events = new ArrayList<PaymentEvent>();
        PaymentDecider.payerIdentified(state, command.fromAddress()).ifPresent(events::add);
        events.addAll(PaymentDecider.paid(state, command.requestedAt(), command.txHash(), command.amountReceived()));
        return new Accepted(events, null);
    }

    /**
     * Paid by {@code txHash} (hashes compared without case): open again, its receipt gone, and expired at once when
     * its expiry has passed by the retraction's time (the scheduler expires only open payments it sees as open); a
     * payment a link minted tells its link, whose paid count counted it. Anything else (another transaction paid it,
     * or it is not paid): nothing.
     */
    static PaymentDecision reverse(Existing state, ReversePayment command) {
        if (!(state instanceof Paid paid) || !paid.receipt().txHash().equalsIgnoreCase(command.txHash())) {
            return new Accepted(List.of(), null);
        }
        var events = new ArrayList<PaymentEvent>();
        events.add(new PaymentReopened(
                paid.receipt().txHash(),
                TRANSFER_REVERSED,
                "The transfer "
                        + paid.receipt().txHash() + " that paid payment " + state.id()
                        + " is no longer on the chain (reorganisation); the payment is open again"));
        if (!command.requestedAt().isBefore(state.details().expiresAt())) {
            events.add(new PaymentExpired());
        }
        var linkId = state.details().terms().paymentLinkId();
        if (linkId != null) {
            events.add(
                    new LinkConversionReported(new LinkConversion(linkId, state.id(), false, command.requestedAt())));
        }
        return new Accepted(events, null);
    }
}
