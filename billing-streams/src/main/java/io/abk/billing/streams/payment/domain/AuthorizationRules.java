package io.abk.billing.streams.payment.domain;

import io.abk.billing.streams.payment.domain.PaymentDecision.Accepted;
import io.abk.billing.streams.payment.domain.PaymentDecision.Rejected;
import io.abk.billing.streams.payment.domain.PaymentEvent.AuthorizationRequested;
import io.abk.billing.streams.payment.domain.PaymentEvent.AuthorizationSettled;
import io.abk.billing.streams.payment.domain.PaymentInstruction.SettleTransferAuthorization;
import io.abk.billing.streams.payment.domain.PaymentInstruction.SubmitTransferAuthorization;
import io.abk.billing.streams.payment.domain.PaymentState.Canceled;
import io.abk.billing.streams.payment.domain.PaymentState.Existing;
import io.abk.billing.streams.payment.domain.PaymentState.Paid;
import io.abk.billing.streams.shared.domain.RelayedSubmission;
import io.abk.billing.streams.shared.domain.SubmissionStatus;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Pay by signature (docs/architecture.md, "Pay by signature"): the customer's EIP-3009 transfer authorization goes
 * to the relayer, which submits it to the token; the payment is paid when the chain side sees that transfer
 * ({@code PayFromChain}), never by the relayer's answer. One submission at a time: while one is pending or submitted
 * another is refused; after a failed one the customer may sign again. A refusal is {@code payment_not_confirmable},
 * as a confirm of a canceled payment is.
 */
final class AuthorizationRules {

    private AuthorizationRules() {}

    /**
     * Open or expired (an expired payment can still be paid, late), with no authorization pending or submitted: the
     * submission {@code <paymentId>:authorization:<n>} goes to the relayer, and its answer is this command's follow-up.
     * Paid or canceled: refused.
     */
    static PaymentDecision submit(Existing state, SubmitTransferAuthorization command) {
        var id = state.id();
        if (state instanceof Paid || state instanceof Canceled) {
            return new Rejected(
                    PaymentRejection.NOT_CONFIRMABLE,
                    "Payment " + id + " is " + state.status() + "; only an open or expired payment can be paid");
        }
        var previous = state.details().authorization();
        if (previous != null && previous.submission().status() != SubmissionStatus.FAILED) {
            return new Rejected(
                    PaymentRejection.NOT_CONFIRMABLE,
                    "Payment " + id + " has transfer authorization " + previous.requestId(id) + " "
                            + previous.submission().status().apiName() + "; a new one is accepted once it has failed");
        }
        var number = previous == null ? 1 : previous.submission().number() + 1;
        var authorization = new TransferAuthorization(
                command.signed().fromAddress().toLowerCase(Locale.ROOT),
                RelayedSubmission.pending(number, command.requestedAt()));
        var events = new ArrayList<PaymentEvent>();
        PaymentDecider.payerIdentified(state, authorization.fromAddress()).ifPresent(events::add);
        events.add(new AuthorizationRequested(authorization, command.signed()));
        return new Accepted(events, authorization.resultCommandId(id));
    }

    /**
     * Answers exactly the pending authorization (anything else is refused, so an answer applies once): submitted with
     * its transaction and gas, or failed with its code, whatever the payment's status meanwhile (the transfer seen on
     * chain may have paid it before the relayer answered).
     */
    static PaymentDecision settle(Existing state, SettleTransferAuthorization command) {
        var authorization = state.details().authorization();
        if (authorization == null
                || !authorization.submission().isPending()
                || !authorization.requestId(state.id()).equals(command.requestId())) {
            return new Rejected(
                    PaymentRejection.SETTLEMENT_UNKNOWN,
                    "No transfer authorization " + command.requestId() + " of payment " + state.id() + " is pending");
        }
        var settled = authorization.withSubmission(authorization.submission().settled(command.outcome()));
        return new Accepted(List.of(new AuthorizationSettled(settled)), null);
    }
}
