package io.abk.billing.chain.settlement;

import io.abk.billing.chain.domain.settlement.SettlementOutcome;
import io.abk.billing.chain.domain.settlement.TransactionGas;
import io.abk.billing.schemas.avro.ChainRequest;
import io.abk.billing.schemas.avro.ChargeRequest;
import io.abk.billing.schemas.avro.SettleCharge;
import io.abk.billing.schemas.avro.SettleRefund;
import io.abk.billing.schemas.avro.SubscriptionCommand;
import io.abk.billing.schemas.command.AggregateEnvelope;
import org.jspecify.annotations.Nullable;

/**
 * Writes a settlement as the command the requesting aggregate expects: {@code SettleCharge} or
 * {@code SettleRefund}, with the relayer's gas when its transaction was mined, with the request's {@code resultCommandId} as command id (so the aggregate applies it once),
 * the request's {@code requestedAt} (the sandbox settles at the instant the charge was asked for, which keeps test
 * clocks meaningful), and its merchant and mode. It carries no HTTP request id: no HTTP request sent it.
 */
final class ResultMapper {

    private ResultMapper() {}

    /** The result command of an addressable request (see {@link RequestMapper#addressable}). */
    static SubscriptionCommand toCommand(ChainRequest request, SettlementOutcome settlement) {
        Object payload = request.getPayload() instanceof ChargeRequest
                ? charge(request, settlement)
                : refund(request, settlement);
        return AggregateEnvelope.SUBSCRIPTION.answer(request, request.getSubscriptionId(), payload);
    }

    private static SettleCharge charge(ChainRequest request, SettlementOutcome settlement) {
        return SettleCharge.newBuilder()
                .setAttemptId(request.getRequestId())
                .setInvoiceId(request.getInvoiceId())
                .setSucceeded(settlement instanceof SettlementOutcome.Succeeded)
                .setTxHash(txHash(settlement))
                .setFailureCode(failureCode(settlement))
                .setFailureMessage(failureMessage(settlement))
                .setGasUsed(SignatureResultMapper.gasUsed(gas(settlement)))
                .setGasCostWei(SignatureResultMapper.gasCost(gas(settlement)))
                .build();
    }

    private static SettleRefund refund(ChainRequest request, SettlementOutcome settlement) {
        return SettleRefund.newBuilder()
                .setRefundId(request.getRequestId())
                .setInvoiceId(request.getInvoiceId())
                .setAmountMicros(request.getAmountMicros())
                .setSucceeded(settlement instanceof SettlementOutcome.Succeeded)
                .setTxHash(txHash(settlement))
                .setFailureCode(failureCode(settlement))
                .setFailureMessage(failureMessage(settlement))
                .setGasUsed(SignatureResultMapper.gasUsed(gas(settlement)))
                .setGasCostWei(SignatureResultMapper.gasCost(gas(settlement)))
                .build();
    }

    /** What the relayer's transaction cost, if one was mined for this answer. */
    static @Nullable TransactionGas gas(SettlementOutcome settlement) {
        return switch (settlement) {
            case SettlementOutcome.Succeeded succeeded -> succeeded.gas();
            case SettlementOutcome.Failed failed -> failed.gas();
            case SettlementOutcome.Relayed relayed -> null;
        };
    }

    static @Nullable String txHash(SettlementOutcome settlement) {
        return settlement instanceof SettlementOutcome.Succeeded succeeded ? succeeded.txHash() : null;
    }

    static @Nullable String failureCode(SettlementOutcome settlement) {
        return settlement instanceof SettlementOutcome.Failed failed
                ? failed.code().name()
                : null;
    }

    static @Nullable String failureMessage(SettlementOutcome settlement) {
        return settlement instanceof SettlementOutcome.Failed failed ? failed.message() : null;
    }
}
