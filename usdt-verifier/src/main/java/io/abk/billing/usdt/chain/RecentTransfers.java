package io.abk.billing.usdt.chain;

import io.abk.billing.usdt.domain.match.TxObservation;
import java.util.List;

/**
 * The transactions that paid an address in blocks {@code fromBlock..toBlock}, each with only its transfers to that
 * address; in the sandbox none are read and the range is empty.
 */
public record RecentTransfers(long fromBlock, long toBlock, List<TxObservation> transactions) {

    public RecentTransfers {
        transactions = List.copyOf(transactions);
    }
}
