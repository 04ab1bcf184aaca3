package io.abk.billing.streams.payment.domain;

import io.abk.billing.schemas.money.UsdcAmount;
import io.abk.billing.streams.payment.domain.PaymentDecision.Accepted;
import io.abk.billing.streams.payment.domain.PaymentDecision.Failed;
import io.abk.billing.streams.payment.domain.PaymentDecision.Rejected;
import io.abk.billing.streams.payment.domain.PaymentEvent.LinkConversionReported;
import io.abk.billing.streams.payment.domain.PaymentEvent.PayerIdentified;
import io.abk.billing.streams.payment.domain.PaymentEvent.PaymentCreated;
import io.abk.billing.streams.payment.domain.PaymentEvent.PaymentExpired;
import io.abk.billing.streams.payment.domain.PaymentEvent.PaymentPaid;
import io.abk.billing.streams.payment.domain.PaymentEvent.VerificationClosed;
import io.abk.billing.streams.payment.domain.PaymentEvent.VerificationRequested;
import io.abk.billing.streams.payment.domain.PaymentInstruction.Confirm;
import io.abk.billing.streams.payment.domain.PaymentInstruction.Create;
import io.abk.billing.streams.payment.domain.PaymentInstruction.Expire;
import io.abk.billing.streams.payment.domain.PaymentInstruction.PayFromChain;
import io.abk.billing.streams.payment.domain.PaymentInstruction.ReversePayment;
import io.abk.billing.streams.payment.domain.PaymentInstruction.Settle;
import io.abk.billing.streams.payment.domain.PaymentInstruction.SettleTransferAuthorization;
import io.abk.billing.streams.payment.domain.PaymentInstruction.SubmitTransferAuthorization;
import io.abk.billing.streams.payment.domain.PaymentState.Canceled;
import io.abk.billing.streams.payment.domain.PaymentState.Existing;
import io.abk.billing.streams.payment.domain.PaymentState.Expired;
import io.abk.billing.streams.payment.domain.PaymentState.Open;
import io.abk.billing.streams.payment.domain.PaymentState.Paid;
import io.abk.billing.streams.payment.domain.VerificationResult.Refused;
import io.abk.billing.streams.payment.domain.VerificationResult.Verified;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * The one-time payment's rules (docs/architecture.md, "One-time payment") as a pure function: {@link #decide} answers
 * a command with events or a rejection ({@link PaymentEvolver} applies them). Time comes from the command's
 * {@code requestedAt}, the expiry from the {@link PaymentPolicy}. The transfer itself is verified on the chain side:
 * confirm asks for a verification, and its answer comes back as {@link Settle}; a transfer the chain side matched by
 * itself, and its retraction, follow {@link ChainPaymentRules}; a transfer authorization the customer signed for the
 * relayer follows {@link AuthorizationRules}.
 */
public final class PaymentDecider {

    private PaymentDecider() {}

    public static PaymentDecision decide(PaymentState state, PaymentInstruction command, PaymentPolicy policy) {
        if (command instanceof Create create) {
            return create(state, create, policy);
        }
        if (!(state instanceof Existing existing)
                || !existing.details().tenant().equals(command.tenant())) {
            // Another merchant's or mode's payment is indistinguishable from a missing one.
            return new Rejected(PaymentRejection.RESOURCE_MISSING, "No such payment: " + command.paymentId());
        }
        return switch (command) {
            case Create create -> throw new IllegalStateException("create is decided above");
            case Confirm confirm -> confirm(existing, confirm);
            case Settle settle -> settle(existing, settle);
            case Expire expire -> expire(existing, expire);
            case PayFromChain pay -> ChainPaymentRules.payFromChain(existing, pay);
            case ReversePayment reverse -> ChainPaymentRules.reverse(existing, reverse);
            case SubmitTransferAuthorization submit -> AuthorizationRules.submit(existing, submit);
            case SettleTransferAuthorization settle -> AuthorizationRules.settle(existing, settle);
        };
    }

    private static PaymentDecision create(PaymentState state, Create command, PaymentPolicy policy) {
        if (state instanceof Existing existing) {
            return new Rejected(PaymentRejection.RESOURCE_EXISTS, "Payment " + existing.id() + " already exists");
        }
        var now = command.requestedAt();
        var details = new PaymentDetails(
                command.paymentId(),
                command.tenant(),
                command.terms(),
                now,
                policy.expiresAt(now),
                Verifications.NONE,
                null,
                PaymentDetails.customerOf(command.tenant(), command.terms().customerWallet()));
        return new Accepted(List.of(new PaymentCreated(details)), null);
    }

    /**
     * Paid: nothing to do (the caller learns it was paid already). Canceled: refused. A verification in flight:
     * this confirm waits for the same answer. Open or expired: a new verification (an expired payment can still be
     * paid, late).
     */
    private static PaymentDecision confirm(Existing state, Confirm command) {
        return switch (state) {
            case Paid paid -> new Accepted(List.of(), null);
            case Canceled canceled ->
                new Rejected(
                        PaymentRejection.NOT_CONFIRMABLE,
                        "Payment " + state.id() + " is canceled; a canceled payment cannot be confirmed");
            case Open open -> verify(open, command);
            case Expired expired -> verify(expired, command);
        };
    }

    private static PaymentDecision verify(Existing state, Confirm command) {
        var verifications = state.details().verifications();
        var inFlight = verifications.inFlight();
        if (inFlight != null) {
            return new Accepted(List.of(), inFlight.resultCommandId());
        }
        var verification =
                Verification.of(state.id(), verifications.count() + 1, command.txHash(), command.requestedAt());
        return new Accepted(List.of(new VerificationRequested(verification)), verification.resultCommandId());
    }

    /**
     * Answers exactly the verification in flight (anything else is refused, so an answer applies once even if its
     * command id was forgotten). Verified: paid at the verification's time ({@link #paid}). Refused: the caller sees
     * why, the payment stays as it was. Either answer for a payment that a transfer seen on chain paid meanwhile
     * only closes the verification.
     */
    private static PaymentDecision settle(Existing state, Settle command) {
        var inFlight = state.details().verifications().inFlight();
        if (inFlight == null || !inFlight.requestId().equals(command.requestId())) {
            return new Rejected(
                    PaymentRejection.SETTLEMENT_UNKNOWN,
                    "No verification " + command.requestId() + " of payment " + state.id() + " is in flight");
        }
        var closed = new VerificationClosed(inFlight.requestId());
        if (state instanceof Paid) {
            // Paid meanwhile by a transfer seen on chain: the answer, whatever it says, only closes its verification,
            // and the confirm waiting for it gets the paid payment back (the adapter warns of a second transfer).
            return new Accepted(List.of(closed), null);
        }
        return switch (command.result()) {
            case Refused refused -> new Failed(List.of(closed), refused.code(), refused.message());
            case Verified verified -> {
                var events = new ArrayList<PaymentEvent>(List.of(closed));
                events.addAll(paid(state, command.requestedAt(), verified.txHash(), verified.amountReceived()));
                yield new Accepted(events, null);
            }
        };
    }

    /**
     * An open, expired (or, for a verification asked before a cancel, canceled) payment paid at {@code paidAt} by
     * {@code txHash}: late when it had expired by then; a payment a link minted reports the conversion to its link.
     */
    static List<PaymentEvent> paid(Existing state, Instant paidAt, String txHash, UsdcAmount received) {
        var d = state.details();
        var late = state instanceof Expired || paidAt.isAfter(d.expiresAt());
        var events = new ArrayList<PaymentEvent>(List.of(new PaymentPaid(new Receipt(paidAt, txHash, received, late))));
        var linkId = d.terms().paymentLinkId();
        if (linkId != null) {
            events.add(new LinkConversionReported(new LinkConversion(linkId, state.id(), true, paidAt)));
        }
        return events;
    }

    /**
     * The payer {@code wallet} the checkout or the chain named, for a payment that knows no customer yet (created
     * without a wallet, as a link opened without one mints it); nothing for one that knows its customer.
     */
    static Optional<PaymentEvent> payerIdentified(Existing state, String wallet) {
        var d = state.details();
        var customerId = PaymentDetails.customerOf(d.tenant(), wallet);
        if (d.customerId() != null || customerId == null) {
            return Optional.empty();
        }
        return Optional.of(new PayerIdentified(wallet.toLowerCase(Locale.ROOT), customerId));
    }

    /** Open and due: expired. Anything else (paid, already expired, not due yet): nothing to do. */
    private static PaymentDecision expire(Existing state, Expire command) {
        if (state instanceof Open
                && !command.requestedAt().isBefore(state.details().expiresAt())) {
            return new Accepted(List.of(new PaymentExpired()), null);
        }
        return new Accepted(List.of(), null);
    }
}
