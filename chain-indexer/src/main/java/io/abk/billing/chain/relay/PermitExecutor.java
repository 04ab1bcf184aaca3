package io.abk.billing.chain.relay;

import io.abk.billing.chain.domain.relay.FeePolicy;
import io.abk.billing.chain.domain.relay.PermitPreflight;
import io.abk.billing.chain.domain.relay.Preflight;
import io.abk.billing.chain.domain.relay.RelayOutcome;
import io.abk.billing.chain.domain.settlement.FailureCode;
import io.abk.billing.chain.relay.RelayerRpc.Answer;
import io.abk.billing.chain.relay.RelayerRpc.ChainHead;
import io.abk.billing.chain.relay.RelayerRpc.MinedReceipt;
import io.abk.billing.chain.relay.RelayerRpc.Read;
import io.abk.billing.contracts.EvmHex;
import io.abk.billing.contracts.PermitTokenAbi;
import io.abk.billing.contracts.Signatures;
import io.abk.billing.schemas.avro.ChainRequest;
import io.abk.billing.schemas.avro.PermitRequest;
import java.math.BigInteger;
import java.time.Instant;
import java.util.List;
import java.util.Optional;

/**
 * A customer's EIP-2612 permit of the chain's USDC for the vault: {@code token.permit(owner = the request's wallet,
 * spender = the vault, value, deadline, v, r, s)}, paid by the relayer, so a customer without ETH renews or raises the
 * allowance the vault charges against. The preflight ({@link PermitPreflight}) checks the deadline against the latest
 * block, a simulation names FiatToken's reason for anything else ("EIP2612: invalid signature":
 * {@code SIGNATURE_INVALID}), then the transaction.
 */
final class PermitExecutor {

    private final RelayerRpc rpc;
    private final String token;
    private final String vault;
    private final String relayer;

    PermitExecutor(RelayerRpc rpc, String token, String vault, String relayer) {
        this.rpc = rpc;
        this.token = EvmHex.address(token, "token");
        this.vault = EvmHex.address(vault, "vault");
        this.relayer = relayer;
    }

    Step prepare(ChainRequest request, ChainHead head) {
        var payload = (PermitRequest) request.getPayload();
        if (request.getWalletAddress() == null) {
            return answered(RelayOutcome.Refused.of(FailureCode.RELAYER_ERROR, "The permit names no owner"));
        }
        try {
            Signatures.split(payload.getSignature());
        } catch (IllegalArgumentException malformed) {
            return answered(RelayOutcome.Refused.of(
                    FailureCode.SIGNATURE_INVALID, "The customer's signature is malformed: " + malformed.getMessage()));
        }
        String data;
        try {
            data = data(request);
        } catch (IllegalArgumentException malformed) {
            return answered(RelayOutcome.Refused.of(
                    FailureCode.RELAYER_ERROR, "The permit cannot be submitted: " + malformed.getMessage()));
        }
        var decision = PermitPreflight.decide(
                Instant.ofEpochSecond(head.timestamp()), Instant.ofEpochSecond(payload.getDeadlineSeconds()));
        if (decision instanceof Preflight.Refuse refuse) {
            return answered(RelayOutcome.Refused.of(refuse.code(), refuse.message()));
        }
        var reads = rpc.read(List.of(Read.call(relayer, token, data), Read.estimate(relayer, token, data)));
        return reverted(reads.get(0))
                .map(PermitExecutor::refusal)
                .<Step>map(PermitExecutor::answered)
                .orElseGet(() -> new Step.Send(token, data, FeePolicy.gasLimit(VaultReader.gas(reads.get(1)))));
    }

    /**
     * A mined submission: the allowance set, or (status 0) the token's reason when it is run again, with the reverted
     * transaction's gas.
     */
    RelayOutcome mined(ChainRequest request, MinedReceipt receipt) {
        if (receipt.succeeded()) {
            return new RelayOutcome.Moved(receipt.txHash(), receipt.gas());
        }
        var rerun = rpc.read(List.of(Read.call(relayer, token, data(request)))).getFirst();
        var outcome = reverted(rerun)
                .map(PermitExecutor::refusal)
                .orElseGet(() -> RelayOutcome.Refused.of(
                        FailureCode.RELAYER_ERROR,
                        "Transaction " + receipt.txHash()
                                + " reverted on chain for a reason that has passed; a retry may succeed"));
        return outcome.withGas(receipt.gas());
    }

    private String data(ChainRequest request) {
        var payload = (PermitRequest) request.getPayload();
        return PermitTokenAbi.permit(
                String.valueOf(request.getWalletAddress()),
                vault,
                new BigInteger(payload.getValueBaseUnits()),
                BigInteger.valueOf(payload.getDeadlineSeconds()),
                payload.getSignature());
    }

    private static RelayOutcome.Refused refusal(String revertData) {
        var refuse = PermitPreflight.refusal(PermitTokenAbi.decodeRevert(revertData));
        return RelayOutcome.Refused.of(refuse.code(), refuse.message());
    }

    /** The revert data of a simulation that reverted; empty when it would succeed. */
    private static Optional<String> reverted(Answer simulation) {
        var error = simulation.error();
        return error == null ? Optional.empty() : Optional.of(error.revertData());
    }

    private static Step answered(RelayOutcome outcome) {
        return new Step.Answered(outcome);
    }
}
