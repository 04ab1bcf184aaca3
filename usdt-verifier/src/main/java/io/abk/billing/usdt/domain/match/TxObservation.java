package io.abk.billing.usdt.domain.match;

import java.time.Instant;
import java.util.List;
import org.jspecify.annotations.Nullable;

/**
 * What the chain showed of one transaction when it was read: its status, its block and depth, and the configured
 * token's {@code Transfer} logs in it (for a poll, those to the pay-to address).
 *
 * @param confirmations blocks on top of and including its block at the time of reading; 0 when not mined
 * @param decimals the token's decimals on this chain
 */
public record TxObservation(
        String txHash,
        TxStatus status,
        long blockNumber,
        @Nullable Instant blockTime,
        long confirmations,
        int decimals,
        List<ObservedTransfer> transfers) {

    public TxObservation {
        transfers = List.copyOf(transfers);
        if (decimals < 0) {
            throw new IllegalArgumentException("decimals cannot be negative: " + decimals);
        }
    }

    public static TxObservation notFound(String txHash, int decimals) {
        return new TxObservation(txHash, TxStatus.NOT_FOUND, 0, null, 0, decimals, List.of());
    }

    public static TxObservation pending(String txHash, int decimals) {
        return new TxObservation(txHash, TxStatus.PENDING, 0, null, 0, decimals, List.of());
    }

    /** The first log index among its transfers, for ordering transactions of one block; 0 without transfers. */
    public int firstLogIndex() {
        return transfers.stream().mapToInt(ObservedTransfer::logIndex).min().orElse(0);
    }
}
