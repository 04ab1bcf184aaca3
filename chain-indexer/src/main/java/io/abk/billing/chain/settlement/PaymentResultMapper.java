package io.abk.billing.chain.settlement;

import io.abk.billing.chain.domain.verification.VerificationOutcome;
import io.abk.billing.chain.domain.verification.VerificationOutcome.Failed;
import io.abk.billing.chain.domain.verification.VerificationOutcome.Paid;
import io.abk.billing.schemas.avro.ChainRequest;
import io.abk.billing.schemas.avro.PaymentCommand;
import io.abk.billing.schemas.avro.SettlePayment;
import io.abk.billing.schemas.command.AggregateEnvelope;

/**
 * Writes a verification's answer as the command the payment expects: {@code SettlePayment} with the request's
 * {@code resultCommandId} as command id (so the payment applies it once, and a repeated request yields the same
 * command), the request's {@code requestedAt} (the sandbox verifies at the instant of the confirm), and its
 * merchant and mode. A failure carries only its code and message: nothing was paid.
 */
final class PaymentResultMapper {

    private PaymentResultMapper() {}

    /** The result command of a verify request addressed to a payment (see {@link RequestMapper#addressee}). */
    static PaymentCommand toCommand(ChainRequest request, VerificationOutcome.Answer answer) {
        var settle = SettlePayment.newBuilder().setRequestId(request.getRequestId());
        switch (answer) {
            case Paid paid ->
                settle.setSucceeded(true)
                        .setTxHash(paid.txHash())
                        .setAmountReceivedMicros(paid.amountReceivedMicros())
                        .setFailureCode(null)
                        .setFailureMessage(null);
            case Failed failed ->
                settle.setSucceeded(false)
                        .setTxHash(null)
                        .setAmountReceivedMicros(null)
                        .setFailureCode(failed.code().name())
                        .setFailureMessage(failed.message());
        }
        return AggregateEnvelope.PAYMENT.answer(request, request.getPaymentId(), settle.build());
    }
}
