package io.abk.billing.chain.relay;

import io.abk.billing.chain.config.ChainSettings;
import io.abk.billing.chain.domain.relay.RelayOutcome;
import io.abk.billing.chain.domain.relay.TransferCheck;
import io.abk.billing.chain.domain.relay.TransferFacts;
import io.abk.billing.chain.domain.verification.TxHash;
import io.abk.billing.chain.relay.RelayerRpc.ChainHead;
import io.abk.billing.chain.relay.RelayerRpc.MinedBlock;
import io.abk.billing.chain.relay.RelayerRpc.MinedReceipt;
import io.abk.billing.contracts.Erc20Abi;
import io.abk.billing.contracts.SubscriptionVaultAbi;
import io.abk.billing.contracts.TokenTransfer;
import io.abk.billing.schemas.avro.ChainRequest;
import io.abk.billing.schemas.avro.VerifyPaymentRequest;
import io.abk.billing.schemas.mode.ModeMapper;
import java.time.Instant;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import org.jspecify.annotations.Nullable;

/**
 * Reads a payment's transaction (receipt, its block's place on the canonical chain and its time, the configured
 * token's {@code Transfer} logs, whether the vault charged or refunded in it) and lets {@link TransferCheck} decide. Needs no key: a chain configured without a
 * relayer key still verifies payments.
 */
final class TransferVerifier {

    /** A receipt whose block is still the canonical block of its number, with that block. */
    private record Canonical(MinedReceipt receipt, MinedBlock block) {}

    private final RelayerRpc rpc;
    private final ChainSettings chain;

    TransferVerifier(RelayerRpc rpc, ChainSettings chain) {
        this.rpc = rpc;
        this.chain = chain;
    }

    RelayOutcome verify(ChainRequest request, ChainHead head) {
        var payload = (VerifyPaymentRequest) request.getPayload();
        var given = payload.getTxHash();
        var txHash = TxHash.canonical(Objects.requireNonNull(given, "a relayed verification has a hash"));
        // A receipt from a block that a reorg replaced is not a payment (yet): as good as not found.
        var canonical = rpc.receipt(txHash)
                .flatMap(found -> rpc.block(found.blockNumber())
                        .filter(block -> block.hash().equalsIgnoreCase(found.blockHash()))
                        .map(block -> new Canonical(found, block)));
        var viaVault = canonical
                .map(found -> found.receipt().logs().stream().anyMatch(this::vaultMove))
                .orElse(false);
        List<TokenTransfer> transfers = canonical
                .map(found -> found.receipt().logs().stream()
                        .filter(log -> log.address().equalsIgnoreCase(chain.usdcAddress()))
                        .map(log -> Erc20Abi.decodeTransfer(log.topics(), log.data()))
                        .flatMap(Optional::stream)
                        .toList())
                .orElse(List.of());
        return TransferCheck.decide(new TransferFacts(
                txHash,
                ModeMapper.toDomain(request.getMode()),
                canonical.isPresent(),
                canonical.map(found -> found.receipt().succeeded()).orElse(false),
                viaVault,
                transfers,
                canonical.map(found -> found.receipt().blockNumber()).orElse(0L),
                canonical
                        .map(found -> Instant.ofEpochSecond(found.block().timestamp()))
                        .orElse(Instant.EPOCH),
                head.number(),
                chain.confirmations(),
                request.getPayoutAddress(),
                blankToNull(request.getWalletAddress()),
                request.getAmountMicros(),
                payload.getPaymentCreatedAt(),
                chain.usdcDecimals()));
    }

    /** The vault's {@code Charged} or {@code Refunded}: the transaction moved a subscription's money. */
    private boolean vaultMove(RelayerRpc.ChainLog log) {
        var vault = chain.vaultAddress();
        var topic0 = log.topics().isEmpty() ? "" : log.topics().getFirst();
        return vault != null
                && log.address().equalsIgnoreCase(vault)
                && (topic0.equalsIgnoreCase(SubscriptionVaultAbi.CHARGED_TOPIC)
                        || topic0.equalsIgnoreCase(SubscriptionVaultAbi.REFUNDED_TOPIC));
    }

    private static @Nullable String blankToNull(@Nullable String value) {
        return value == null || value.isBlank() ? null : value.strip();
    }
}
