package io.abk.billing.chain.autosettle;

import io.abk.billing.chain.domain.autosettle.TokenAmounts;
import io.abk.billing.schemas.avro.ChainTransfer;
import io.abk.billing.schemas.avro.TokenTransfer;
import io.abk.billing.schemas.avro.TransferClaim;
import io.abk.billing.schemas.avro.VaultCanceled;
import io.abk.billing.schemas.avro.VaultCharged;
import io.abk.billing.schemas.avro.VaultSubscribed;
import java.util.List;
import org.apache.kafka.streams.KeyValue;

/**
 * Where each log on {@code chain.transfers} goes: a confirmed USDC transfer to the open payments of its recipient;
 * a vault subscribe or cancel to the subscription of its reference; a retracted USDC transfer or vault charge to the
 * claims of its transaction hash, whose holder it reopens. A confirmed vault charge and a refund need nothing (the
 * relayer answered them already), and neither does a transfer of another token (the USDT the follower publishes for
 * the USDT verifier): it pays no payment. Nor does a USDC transfer the vault made ({@code viaVault}: a charge's or a
 * refund's), by its source: the vault's own event answers for its transaction, whatever claims the hash first.
 */
final class TransferRouting {

    private TransferRouting() {}

    static List<KeyValue<String, ChainTransfer>> toPayouts(ChainTransfer transfer, AutoSettlementSettings settings) {
        if (!transfer.getRetracted()
                && transfer.getPayload() instanceof TokenTransfer token
                && !token.getViaVault()
                && isUsdc(transfer, settings)) {
            return List.of(
                    KeyValue.pair(ChangeIndexes.payoutKey(transfer.getMode().name(), token.getTo()), transfer));
        }
        return List.of();
    }

    static List<KeyValue<String, ChainTransfer>> toMandates(ChainTransfer transfer) {
        return switch (transfer.getPayload()) {
            case VaultSubscribed subscribed -> List.of(KeyValue.pair(subscribed.getRef(), transfer));
            case VaultCanceled canceled -> List.of(KeyValue.pair(canceled.getRef(), transfer));
            default -> List.of();
        };
    }

    static List<KeyValue<String, TransferClaim>> toRetractedClaims(
            ChainTransfer transfer, AutoSettlementSettings settings) {
        if (!transfer.getRetracted()) {
            return List.of();
        }
        if ((transfer.getPayload() instanceof TokenTransfer token && !token.getViaVault() && isUsdc(transfer, settings))
                || transfer.getPayload() instanceof VaultCharged) {
            return List.of(KeyValue.pair(
                    transfer.getTxHash(),
                    TransferClaim.newBuilder()
                            .setTransfer(transfer)
                            .setPaymentId(null)
                            .setMerchantId(null)
                            .setAmountReceivedMicros(0)
                            .setRequestedAt(transfer.getBlockTimestamp())
                            .build()));
        }
        return List.of();
    }

    /** Whether the log is a transfer of its mode's USDC (a USDT transfer to a payout address pays nothing). */
    static boolean isUsdc(ChainTransfer transfer, AutoSettlementSettings settings) {
        return transfer.getContract().equalsIgnoreCase(settings.usdc(transfer.getMode()));
    }

    /** The transfer's amount in micro-USDC. */
    static long micros(TokenTransfer token) {
        return TokenAmounts.toMicros(token.getAmountBaseUnits(), token.getDecimals());
    }

    /** The log's id on chain.transfers and in command ids: {@code chainId:txHash:logIndex}. */
    static String transferId(ChainTransfer transfer) {
        return transfer.getChainId() + ":" + transfer.getTxHash() + ":" + transfer.getLogIndex();
    }
}
