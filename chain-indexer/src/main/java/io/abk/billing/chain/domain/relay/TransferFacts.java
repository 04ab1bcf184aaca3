package io.abk.billing.chain.domain.relay;

import io.abk.billing.contracts.TokenTransfer;
import io.abk.billing.schemas.mode.Mode;
import java.time.Instant;
import java.util.List;
import org.jspecify.annotations.Nullable;

/**
 * What the chain says about a payment's transaction.
 *
 * @param txHash the hash, lower case
 * @param mode the mode of the payment (and of the chain)
 * @param found a receipt exists and its block is still on the canonical chain
 * @param succeeded the receipt's status is 1
 * @param viaVault the receipt also carries the vault's {@code Charged} or {@code Refunded}: its transfers are a
 *     subscription's charge or refund
 * @param transfers the {@code Transfer} logs of the configured token in the receipt, in log order
 * @param blockNumber the receipt's block
 * @param minedAt the receipt's block's time
 * @param head the latest block number
 * @param requiredConfirmations the chain's confirmation depth (the transaction's block counts as one)
 * @param payoutAddress the merchant's payout address the transfer must reach
 * @param walletAddress the customer's wallet when the payment knows it: the transfer must come from it
 * @param expectedMicros the least the transfer must carry
 * @param paymentCreatedAt when the payment was created; null when the request does not say (no age check)
 * @param decimals the token's decimals
 */
public record TransferFacts(
        String txHash,
        Mode mode,
        boolean found,
        boolean succeeded,
        boolean viaVault,
        List<TokenTransfer> transfers,
        long blockNumber,
        Instant minedAt,
        long head,
        int requiredConfirmations,
        String payoutAddress,
        @Nullable String walletAddress,
        long expectedMicros,
        @Nullable Instant paymentCreatedAt,
        int decimals) {

    public TransferFacts {
        transfers = List.copyOf(transfers);
    }
}
