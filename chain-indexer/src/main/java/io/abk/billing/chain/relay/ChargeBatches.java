package io.abk.billing.chain.relay;

import java.math.BigInteger;
import java.util.ArrayList;
import java.util.List;

/**
 * How the charges a poll cleared go to the chain: together, in {@code chargeBatch} transactions of at most
 * {@link #MAX_CHARGES} each, filled in the poll's order. Each transaction's gas limit is its estimate with the relayer's
 * margin; one whose limit would pass {@link #MAX_GAS} (a token far dearer than USDC) goes as two halves instead.
 */
final class ChargeBatches {

    /**
     * Charges per transaction: about 9.5 million gas of later-period USDC charges, well within {@link #MAX_GAS}, and
     * few enough that one charge's refusal or a replacement touches a small part of a poll.
     */
    static final int MAX_CHARGES = 100;

    /**
     * A batch's gas limit stays within this: below the per-transaction cap of 2^24 (16,777,216) gas that Ethereum
     * introduced with EIP-7825, and a small part of a block of Base (over 100 million gas).
     */
    static final BigInteger MAX_GAS = BigInteger.valueOf(15_000_000);

    private ChargeBatches() {}

    /** {@code charges} in transactions, in order: consecutive groups of at most {@link #MAX_CHARGES}. */
    static <T> List<List<T>> group(List<T> charges) {
        var groups = new ArrayList<List<T>>();
        for (int from = 0; from < charges.size(); from += MAX_CHARGES) {
            groups.add(List.copyOf(charges.subList(from, Math.min(charges.size(), from + MAX_CHARGES))));
        }
        return groups;
    }
}
