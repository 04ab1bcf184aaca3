package io.abk.billing.chain.settlement;

import io.abk.billing.chain.domain.verification.TxHash;
import io.abk.billing.chain.domain.verification.VerificationOutcome;
import io.abk.billing.chain.settlement.SettlementOutput.PaymentResult;
import io.abk.billing.chain.settlement.SettlementOutput.SubscriptionResult;
import io.abk.billing.chain.settlement.SettlementOutput.TxClaim;
import io.abk.billing.schemas.avro.ChainRequest;
import io.abk.billing.schemas.avro.PaymentCommand;
import io.abk.billing.schemas.avro.SettleCharge;
import io.abk.billing.schemas.avro.SettleFundingCheck;
import io.abk.billing.schemas.avro.SettleRequests;
import io.abk.billing.schemas.avro.SettlementItem;
import io.abk.billing.schemas.avro.SubscriptionCommand;
import io.abk.billing.schemas.command.AggregateEnvelope;
import io.abk.billing.schemas.command.SettlementItems;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;
import org.apache.kafka.streams.processor.api.ProcessorContext;
import org.apache.kafka.streams.processor.api.Record;
import org.jspecify.annotations.Nullable;

/**
 * How the settlement processors forward what they decided, shared by the one that reads requests (sandbox
 * answers) and the one that reads the relayer's results (chain answers): an answer to its aggregate, and a
 * transaction hash to its claims.
 */
final class SettlementAnswers {

    /** The command id prefix of several answers sent as one: {@code settlements:<the first one's command id>}. */
    static final String BATCH_ANSWER_PREFIX = "settlements:";

    private SettlementAnswers() {}

    /**
     * Gives the answer to {@code send} (forwarded at once, {@link #at}, or held to go out with a batch's others) and
     * forwards, for a paid charge, its tx hash's claim (again on a repeat: claims are idempotent).
     */
    static void answerSubscription(
            ProcessorContext<String, SettlementOutput> context,
            ChainRequest request,
            SubscriptionCommand answer,
            long timestamp,
            Consumer<SubscriptionCommand> send) {
        send.accept(answer);
        if (answer.getPayload() instanceof SettleCharge charge && charge.getSucceeded() && charge.getTxHash() != null) {
            claim(context, charge.getTxHash(), request, timestamp);
        }
    }

    /** Forwards each answer to its subscription at once. */
    static Consumer<SubscriptionCommand> at(ProcessorContext<String, SettlementOutput> context, long timestamp) {
        return answer ->
                context.forward(new Record<>(answer.getSubscriptionId(), new SubscriptionResult(answer), timestamp));
    }

    /**
     * The answers to one {@code ChainRequestBatch}'s requests that settlement gave itself, as one
     * {@code SettleRequests} keyed by the first one's subscription (one answer alone as it is): the requests came from
     * one batch of one billing-streams task, so every answer's subscription is on that partition. An answer of another
     * kind than a charge's or a funding check's (a batch never holds one) goes out alone.
     */
    static void answerTogether(
            ProcessorContext<String, SettlementOutput> context, List<SubscriptionCommand> answers, long timestamp) {
        var send = at(context, timestamp);
        var items = new ArrayList<SettlementItem>();
        SubscriptionCommand first = null;
        for (var answer : answers) {
            if (answer.getPayload() instanceof SettleCharge || answer.getPayload() instanceof SettleFundingCheck) {
                first = first == null ? answer : first;
                items.add(SettlementItems.of(answer));
            } else {
                send.accept(answer);
            }
        }
        if (first == null) {
            return;
        }
        if (items.size() == 1) {
            send.accept(first);
            return;
        }
        send.accept(AggregateEnvelope.SUBSCRIPTION.command(
                BATCH_ANSWER_PREFIX + first.getCommandId(),
                first.getSubscriptionId(),
                first.getMerchantId(),
                first.getMode(),
                first.getRequestedAt(),
                null,
                new SettleRequests(items)));
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
            long chainId,
            Consumer<SubscriptionCommand> send) {
        var requestId = request.getRequestId();
        if (requestId != null && !requestId.isBlank()) {
            settled.record(requestId, answer, context.currentSystemTimeMs());
        }
        SettlementMeters.settled(request, answer, chainId);
        answerSubscription(context, request, answer, timestamp, send);
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
