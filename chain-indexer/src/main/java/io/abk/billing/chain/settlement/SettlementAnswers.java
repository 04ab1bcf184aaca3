package io.abk.billing.chain.settlement;

import io.abk.billing.chain.domain.verification.TxHash;
import io.abk.billing.chain.domain.verification.VerificationOutcome;
import io.abk.billing.chain.settlement.SettlementOutput.PaymentResult;
import io.abk.billing.chain.settlement.SettlementOutput.SubscriptionResult;
import io.abk.billing.chain.settlement.SettlementOutput.TxClaim;
import io.abk.billing.schemas.avro.ChainRequest;
import io.abk.billing.schemas.avro.PaymentCommand;
import io.abk.billing.schemas.avro.SettleCharge;
import io.abk.billing.schemas.avro.SubscriptionCommand;
import org.apache.kafka.streams.processor.api.ProcessorContext;
import org.apache.kafka.streams.processor.api.Record;
import org.jspecify.annotations.Nullable;

/**
 * How the settlement processors forward what they decided, shared by the one that reads requests (sandbox
 * answers) and the one that reads the relayer's results (chain answers): an answer to its aggregate, and a
 * transaction hash to its claims.
 */
final class SettlementAnswers {

    private SettlementAnswers() {}

    /** Forwards the answer and, for a paid charge, its tx hash's claim (again on a repeat: claims are idempotent). */
    static void answerSubscription(
            ProcessorContext<String, SettlementOutput> context,
            ChainRequest request,
            SubscriptionCommand answer,
            long timestamp) {
        context.forward(new Record<>(answer.getSubscriptionId(), new SubscriptionResult(answer), timestamp));
        if (answer.getPayload() instanceof SettleCharge charge && charge.getSucceeded() && charge.getTxHash() != null) {
            claim(context, charge.getTxHash(), request, timestamp);
        }
    }

    /**
     * Records {@code answer} as the one given to {@code request} (a request without an id cannot be repeated by id,
     * so it is not kept), counts it and forwards it as {@link #answerSubscription} does.
     */
    static void answerFirst(
            ProcessorContext<String, SettlementOutput> context,
            SettledRequests<SubscriptionCommand> settled,
            ChainRequest request,
            SubscriptionCommand answer,
            long timestamp,
            long chainId) {
        var requestId = request.getRequestId();
        if (requestId != null && !requestId.isBlank()) {
            settled.record(requestId, answer, context.currentSystemTimeMs());
        }
        SettlementMeters.settled(request, answer, chainId);
        answerSubscription(context, request, answer, timestamp);
    }

    /** As {@link #answerFirst}, for a payment's request answered with a command of its own (an authorization). */
    static void answerPaymentFirst(
            ProcessorContext<String, SettlementOutput> context,
            SettledRequests<PaymentCommand> settled,
            ChainRequest request,
            PaymentCommand answer,
            long timestamp,
            long chainId) {
        var requestId = request.getRequestId();
        if (requestId != null && !requestId.isBlank()) {
            settled.record(requestId, answer, context.currentSystemTimeMs());
        }
        SettlementMeters.settled(request, answer, chainId);
        forwardPayment(context, answer, timestamp);
    }

    /** Forwards a payment's command as it is (a stored answer re-emitted, or a new one). */
    static void forwardPayment(
            ProcessorContext<String, SettlementOutput> context, PaymentCommand answer, long timestamp) {
        context.forward(new Record<>(answer.getPaymentId(), new PaymentResult(answer), timestamp));
    }

    static void answerPayment(
            ProcessorContext<String, SettlementOutput> context,
            ChainRequest request,
            VerificationOutcome.Answer answer,
            long timestamp) {
        var command = PaymentResultMapper.toCommand(request, answer);
        context.forward(new Record<>(command.getPaymentId(), new PaymentResult(command), timestamp));
    }

    /** Sends {@code request} to the claims of {@code txHash}, keyed by the hash so one task holds each hash. */
    static void claim(
            ProcessorContext<String, SettlementOutput> context, String txHash, ChainRequest request, long timestamp) {
        claim(context, txHash, request, null, timestamp);
    }

    /**
     * As {@link #claim(ProcessorContext, String, ChainRequest, long)}, for a verified transfer that carried
     * {@code amountReceivedMicros} (null: the request's own amount, as in the sandbox).
     */
    static void claim(
            ProcessorContext<String, SettlementOutput> context,
            String txHash,
            ChainRequest request,
            @Nullable Long amountReceivedMicros,
            long timestamp) {
        var claimant = amountReceivedMicros == null
                ? request
                : ChainRequest.newBuilder(request)
                        .setClaimAmountMicros(amountReceivedMicros)
                        .build();
        context.forward(new Record<>(TxHash.canonical(txHash), new TxClaim(claimant), timestamp));
    }
}
