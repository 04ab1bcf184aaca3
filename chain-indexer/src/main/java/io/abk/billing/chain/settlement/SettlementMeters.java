package io.abk.billing.chain.settlement;

import io.abk.billing.schemas.avro.ChainRequest;
import io.abk.billing.schemas.avro.PaymentCommand;
import io.abk.billing.schemas.avro.SettleCharge;
import io.abk.billing.schemas.avro.SettleCustomerRequest;
import io.abk.billing.schemas.avro.SettleFundingCheck;
import io.abk.billing.schemas.avro.SettleRefund;
import io.abk.billing.schemas.avro.SettleSignedMandate;
import io.abk.billing.schemas.avro.SettleTransferAuthorization;
import io.abk.billing.schemas.avro.SubscriptionCommand;
import io.micrometer.core.instrument.Metrics;
import io.micrometer.core.instrument.Tags;
import java.math.BigInteger;
import java.util.Locale;
import org.jspecify.annotations.Nullable;

/**
 * {@code billing_charges_total{mode, outcome, code}} and {@code billing_refunds_total{...}}: each charge and refund
 * settled (in the sandbox or on chain), counted once when it is first answered ({@code succeeded}, or {@code failed}
 * with its failure code); a repeated request re-emits its answer without counting it again. And what the relayer's
 * transactions cost, per merchant, counted with the same once-per-answer rule:
 * {@code billing_relayer_gas_used_total{chainId, merchantId, kind}} and
 * {@code billing_relayer_gas_cost_wei_total{...}} ({@code kind} = charge, refund, mandate,
 * authorization, cancel or permit). Funding checks answered here (the sandbox's) are counted in
 * {@code billing_funding_checks_total} ({@link FundingAnswers}). Recorded
 * in Micrometer's global registry, which the service's process exports on its management port.
 */
final class SettlementMeters {

    private SettlementMeters() {}

    static void settled(ChainRequest request, SubscriptionCommand answer, long chainId) {
        var mode = request.getMode().name().toLowerCase(Locale.ROOT);
        switch (answer.getPayload()) {
            case SettleCharge charge -> {
                count("billing.charges", mode, charge.getSucceeded(), charge.getFailureCode());
                gas(request, chainId, "charge", charge.getGasUsed(), charge.getGasCostWei());
            }
            case SettleRefund refund -> {
                count("billing.refunds", mode, refund.getSucceeded(), refund.getFailureCode());
                gas(request, chainId, "refund", refund.getGasUsed(), refund.getGasCostWei());
            }
            case SettleFundingCheck check -> FundingAnswers.counted(request, check);
            case SettleSignedMandate mandate ->
                gas(request, chainId, "mandate", mandate.getGasUsed(), mandate.getGasCostWei());
            case SettleCustomerRequest action ->
                gas(
                        request,
                        chainId,
                        SignatureResultMapper.REVOKE.equals(action.getKind()) ? "cancel" : "permit",
                        action.getGasUsed(),
                        action.getGasCostWei());
            default -> {}
        }
    }

    static void settled(ChainRequest request, PaymentCommand answer, long chainId) {
        if (answer.getPayload() instanceof SettleTransferAuthorization authorization) {
            gas(request, chainId, "authorization", authorization.getGasUsed(), authorization.getGasCostWei());
        }
    }

    private static void count(String name, String mode, boolean succeeded, @Nullable String code) {
        Metrics.counter(
                        name,
                        "service",
                        "chain-indexer",
                        "mode",
                        mode,
                        "outcome",
                        succeeded ? "succeeded" : "failed",
                        "code",
                        succeeded || code == null ? "none" : code)
                .increment();
    }

    /**
     * Adds one answered transaction's gas (none: nothing of the relayer's was mined). The cost counter is a double, as
     * every Micrometer counter: exact up to 2^53 wei per series, a rate and a dashboard beyond; the exact cost of each
     * transaction is on its invoice or payment.
     */
    private static void gas(
            ChainRequest request, long chainId, String kind, @Nullable Long gasUsed, @Nullable String gasCostWei) {
        if (gasUsed == null) {
            return;
        }
        var tags = Tags.of(
                "service",
                "chain-indexer",
                "chainId",
                Long.toString(chainId),
                "merchantId",
                request.getMerchantId(),
                "kind",
                kind);
        Metrics.counter("billing.relayer.gas.used", tags).increment(gasUsed);
        if (gasCostWei != null) {
            Metrics.counter("billing.relayer.gas.cost.wei", tags).increment(new BigInteger(gasCostWei).doubleValue());
        }
    }
}
