package io.abk.billing.chain.settlement;

import io.abk.billing.chain.domain.settlement.SettlementOutcome;
import io.abk.billing.chain.domain.settlement.TransactionGas;
import io.abk.billing.schemas.avro.ChainRequest;
import io.abk.billing.schemas.avro.PaymentCommand;
import io.abk.billing.schemas.avro.SettleSignedMandate;
import io.abk.billing.schemas.avro.SettleTransferAuthorization;
import io.abk.billing.schemas.avro.SubscriptionCommand;
import io.abk.billing.schemas.command.AggregateEnvelope;
import org.jspecify.annotations.Nullable;

/**
 * Writes the answer to a signed mandate or a transfer authorization as the command its aggregate expects:
 * {@code SettleSignedMandate} to the subscription, {@code SettleTransferAuthorization} to the payment, with the
 * request's {@code resultCommandId} as command id, the relayer's transaction and its gas, or the failure's code and
 * message. Neither moves the subscription or the payment on by itself: the chain follower's logs do.
 */
final class SignatureResultMapper {

    private SignatureResultMapper() {}

    /** The answer to a {@link RequestMapper.Addressee#MANDATE} request. */
    static SubscriptionCommand mandate(ChainRequest request, SettlementOutcome settlement) {
        var gas = ResultMapper.gas(settlement);
        var settle = SettleSignedMandate.newBuilder()
                .setRequestId(request.getRequestId())
                .setSucceeded(settlement instanceof SettlementOutcome.Succeeded)
                .setTxHash(ResultMapper.txHash(settlement))
                .setFailureCode(ResultMapper.failureCode(settlement))
                .setFailureMessage(ResultMapper.failureMessage(settlement))
                .setGasUsed(gasUsed(gas))
                .setGasCostWei(gasCost(gas))
                .build();
        return AggregateEnvelope.SUBSCRIPTION.answer(request, request.getSubscriptionId(), settle);
    }

    /** The answer to an {@link RequestMapper.Addressee#AUTHORIZATION} request. */
    static PaymentCommand authorization(ChainRequest request, SettlementOutcome settlement) {
        var gas = ResultMapper.gas(settlement);
        var settle = SettleTransferAuthorization.newBuilder()
                .setRequestId(request.getRequestId())
                .setSucceeded(settlement instanceof SettlementOutcome.Succeeded)
                .setTxHash(ResultMapper.txHash(settlement))
                .setFailureCode(ResultMapper.failureCode(settlement))
                .setFailureMessage(ResultMapper.failureMessage(settlement))
                .setGasUsed(gasUsed(gas))
                .setGasCostWei(gasCost(gas))
                .build();
        return AggregateEnvelope.PAYMENT.answer(request, request.getPaymentId(), settle);
    }

    static @Nullable Long gasUsed(@Nullable TransactionGas gas) {
        return gas == null ? null : gas.used();
    }

    static @Nullable String gasCost(@Nullable TransactionGas gas) {
        return gas == null ? null : gas.costWeiDecimal();
    }
}
