package io.abk.billing.chain.relay;

import io.abk.billing.chain.config.ChainSettings;
import io.abk.billing.chain.domain.relay.RelayOutcome;
import io.abk.billing.chain.domain.relay.TransferCheck;
import io.abk.billing.chain.domain.relay.TransferFacts;
import io.abk.billing.chain.domain.verification.TxHash;
import io.abk.billing.chain.relay.RelayerRpc.ChainHead;
import io.abk.billing.contracts.Erc20Abi;
import io.abk.billing.contracts.TokenTransfer;
import io.abk.billing.schemas.avro.ChainRequest;
import io.abk.billing.schemas.avro.VerifyPaymentRequest;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * Reads a payment's transaction (receipt, its block's place on the canonical chain, the configured token's
 * {@code Transfer} logs) and lets {@link TransferCheck} decide. Needs no key: a chain configured without a relayer
 * key still verifies payments.
 */
final class TransferVerifier {

    private final RelayerRpc rpc;
    private final ChainSettings chain;

    TransferVerifier(RelayerRpc rpc, ChainSettings chain) {
        this.rpc = rpc;
        this.chain = chain;
    }

    RelayOutcome verify(ChainRequest request, ChainHead head) {
        var given = ((VerifyPaymentRequest) request.getPayload()).getTxHash();
        var txHash = TxHash.canonical(Objects.requireNonNull(given, "a relayed verification has a hash"));
        var receipt = rpc.receipt(txHash);
        // A receipt from a block that a reorg replaced is not a payment (yet): as good as not found.
        var canonical = receipt.filter(found -> rpc.blockHash(found.blockNumber())
                .filter(hash -> hash.equalsIgnoreCase(found.blockHash()))
                .isPresent());
        List<TokenTransfer> transfers = canonical
                .map(found -> found.logs().stream()
                        .filter(log -> log.address().equalsIgnoreCase(chain.usdcAddress()))
                        .map(log -> Erc20Abi.decodeTransfer(log.topics(), log.data()))
                        .flatMap(Optional::stream)
                        .toList())
                .orElse(List.of());
        return TransferCheck.decide(new TransferFacts(
                txHash,
                canonical.isPresent(),
                canonical.map(RelayerRpc.MinedReceipt::succeeded).orElse(false),
                transfers,
                canonical.map(RelayerRpc.MinedReceipt::blockNumber).orElse(0L),
                head.number(),
                chain.confirmations(),
                request.getPayoutAddress(),
                blankToNull(request.getWalletAddress()),
                request.getAmountMicros(),
                chain.usdcDecimals()));
    }

    private static @org.jspecify.annotations.Nullable String blankToNull(
            @org.jspecify.annotations.Nullable String value) {
        return value == null || value.isBlank() ? null : value.strip();
    }
}
