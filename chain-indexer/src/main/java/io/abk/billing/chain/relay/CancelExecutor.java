package io.abk.billing.chain.relay;

import io.abk.billing.chain.domain.relay.CancelPreflight;
import io.abk.billing.chain.domain.relay.FeePolicy;
import io.abk.billing.chain.domain.relay.Preflight;
import io.abk.billing.chain.domain.relay.RelayOutcome;
import io.abk.billing.chain.domain.relay.VaultCall;
import io.abk.billing.chain.domain.settlement.FailureCode;
import io.abk.billing.chain.relay.RelayerRpc.ChainHead;
import io.abk.billing.chain.relay.RelayerRpc.MinedReceipt;
import io.abk.billing.contracts.Signatures;
import io.abk.billing.contracts.SubscriptionRef;
import io.abk.billing.contracts.SubscriptionVaultAbi;
import io.abk.billing.contracts.VaultError;
import io.abk.billing.schemas.avro.ChainRequest;
import io.abk.billing.schemas.avro.SignedCancelRequest;
import java.math.BigInteger;
import java.time.Instant;
import java.util.List;

/**
 * A customer's signed cancel through the vault's {@code cancelBySignature(ref, deadline, signature)} (reference from
 * the subscription id), paid by the relayer: the customer needs no ETH to end the mandate. The preflight
 * ({@link CancelPreflight}) reads the vault's subscription, a simulation names the vault's reason for anything else
 * ({@code InvalidSignature}: {@code SIGNATURE_INVALID}), then the transaction. A subscription the vault holds canceled
 * already is answered with the transaction whose {@code Canceled} names its customer (an earlier submission of this
 * request, or the customer's own cancel), found from {@code searchFromBlock} on; without one, {@code MANDATE_REVOKED}.
 * The vault's {@code Canceled(ref, customer)} reaches auto-settlement as the customer's own cancel and revokes the
 * mandate there.
 */
final class CancelExecutor extends VaultExecutor {

    private final long searchFromBlock;

    CancelExecutor(VaultReader vault, String relayer, int decimals, long searchFromBlock) {
        super(vault, relayer, decimals, VaultCall.CANCEL, VaultError.SubscriptionIsCanceled.class);
        this.searchFromBlock = searchFromBlock;
    }

    Step prepare(ChainRequest request, ChainHead head) {
        var payload = (SignedCancelRequest) request.getPayload();
        try {
            Signatures.split(payload.getSignature());
        } catch (IllegalArgumentException malformed) {
            return new Step.Answered(RelayOutcome.Refused.of(
                    FailureCode.SIGNATURE_INVALID, "The customer's signature is malformed: " + malformed.getMessage()));
        }
        var ref = SubscriptionRef.of(request.getSubscriptionId());
        var data = data(request);
        var reads = vault.read(List.of(
                vault.subscriptionRead(ref), vault.simulateRead(relayer, data), vault.estimateRead(relayer, data)));
        var existing = VaultReader.subscription(reads.get(0)).orElse(null);
        var decision = CancelPreflight.decide(
                existing, Instant.ofEpochSecond(head.timestamp()), Instant.ofEpochSecond(payload.getDeadlineSeconds()));
        return switch (decision) {
            case Preflight.AlreadyDone done -> new Step.Answered(original(ref, head.number()));
            case Preflight.Refuse refuse -> new Step.Answered(RelayOutcome.Refused.of(refuse.code(), refuse.message()));
            case Preflight.Clear clear -> {
                var error = VaultReader.simulation(reads.get(1));
                yield error.isPresent()
                        ? new Step.Answered(refused(error.get(), () -> original(ref, head.number())))
                        : new Step.Send(vault.vault(), data, FeePolicy.gasLimit(VaultReader.gas(reads.get(2))));
            }
        };
    }

    /** A mined submission: the mandate canceled, or (status 0) the reason the vault gives when it is run again. */
    RelayOutcome mined(ChainRequest request, MinedReceipt receipt, ChainHead head) {
        var ref = SubscriptionRef.of(request.getSubscriptionId());
        return mined(receipt, () -> data(request), () -> original(ref, head.number()));
    }

    /** The transaction whose {@code Canceled(ref, customer)} the vault logged, if the customer canceled it. */
    private RelayOutcome original(String ref, long head) {
        var existing = vault.subscription(ref);
        return existing.flatMap(
                        subscription -> vault.canceledTransaction(ref, subscription.customer(), searchFromBlock, head))
                .<RelayOutcome>map(RelayOutcome.Moved::new)
                .orElseGet(() -> RelayOutcome.Refused.of(
                        FailureCode.MANDATE_REVOKED,
                        "The customer's mandate was canceled in the vault already, not by the customer's signature"));
    }

    private static String data(ChainRequest request) {
        var payload = (SignedCancelRequest) request.getPayload();
        return SubscriptionVaultAbi.cancelBySignature(
                SubscriptionRef.of(request.getSubscriptionId()),
                BigInteger.valueOf(payload.getDeadlineSeconds()),
                payload.getSignature());
    }
}
