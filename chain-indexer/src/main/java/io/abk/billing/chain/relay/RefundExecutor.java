package io.abk.billing.chain.relay;

import io.abk.billing.chain.domain.relay.FeePolicy;
import io.abk.billing.chain.domain.relay.Preflight;
import io.abk.billing.chain.domain.relay.RefundFacts;
import io.abk.billing.chain.domain.relay.RefundPreflight;
import io.abk.billing.chain.domain.relay.RelayOutcome;
import io.abk.billing.chain.domain.relay.VaultCall;
import io.abk.billing.chain.relay.RelayerRpc.ChainHead;
import io.abk.billing.chain.relay.RelayerRpc.MinedReceipt;
import io.abk.billing.contracts.RefundId;
import io.abk.billing.contracts.SubscriptionRef;
import io.abk.billing.contracts.SubscriptionVaultAbi;
import io.abk.billing.contracts.VaultError;
import io.abk.billing.schemas.avro.ChainRequest;
import java.math.BigInteger;

/**
 * A refund through the vault, pulled from the merchant's payout address (which approved the vault) back to the
 * customer: refund id from the request id, so the vault makes each refund once; the preflight
 * ({@link RefundPreflight}); then the transaction. A refund the vault made already is answered with its original
 * transaction, found in the vault's {@code Refunded} logs from {@code searchFromBlock} on.
 */
final class RefundExecutor extends VaultExecutor {

    private final long searchFromBlock;

    RefundExecutor(VaultReader vault, String relayer, int decimals, long searchFromBlock) {
        super(vault, relayer, decimals, VaultCall.REFUND, VaultError.RefundIdUsed.class);
        this.searchFromBlock = searchFromBlock;
    }

    Step prepare(ChainRequest request, ChainHead head) {
        var amount = amount(request);
        if (amount.isEmpty()) {
            return answered(inexact(request));
        }
        var ref = SubscriptionRef.of(request.getSubscriptionId());
        var refundId = RefundId.of(request.getRequestId());
        var data = SubscriptionVaultAbi.refund(ref, amount.get(), refundId);
        var subscription = vault.subscription(ref).orElse(null);
        var simulation =
                subscription == null ? null : vault.simulate(relayer, data).orElse(null);
        var facts = new RefundFacts(
                amount.get(),
                decimals,
                simulation instanceof VaultError.RefundIdUsed,
                subscription,
                subscription == null ? BigInteger.ZERO : vault.balance(subscription.token(), subscription.merchant()),
                subscription == null
                        ? BigInteger.ZERO
                        : vault.allowanceToVault(subscription.token(), subscription.merchant()));
        return switch (RefundPreflight.decide(facts)) {
            case Preflight.AlreadyDone done -> answered(original(refundId, head));
            case Preflight.Refuse refuse -> answered(RelayOutcome.Refused.of(refuse.code(), refuse.message()));
            case Preflight.Clear clear ->
                simulation != null
                        ? answered(refusal(simulation))
                        : new Step.Send(vault.vault(), data, FeePolicy.gasLimit(vault.estimate(relayer, data)));
        };
    }

    RelayOutcome mined(ChainRequest request, MinedReceipt receipt, ChainHead head) {
        var refundId = RefundId.of(request.getRequestId());
        return mined(receipt, () -> data(request, refundId), () -> original(refundId, head));
    }

    private String data(ChainRequest request, String refundId) {
        var amount = amount(request).orElseThrow();
        return SubscriptionVaultAbi.refund(SubscriptionRef.of(request.getSubscriptionId()), amount, refundId);
    }

    private RelayOutcome original(String refundId, ChainHead head) {
        return vault.refundTransaction(refundId, searchFromBlock, head.number())
                .<RelayOutcome>map(RelayOutcome.Moved::new)
                .orElseGet(() -> refusal(new VaultError.RefundIdUsed(refundId)));
    }

    private static Step answered(RelayOutcome outcome) {
        return new Step.Answered(outcome);
    }
}
