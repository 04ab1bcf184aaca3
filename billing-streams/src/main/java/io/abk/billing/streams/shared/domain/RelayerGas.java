package io.abk.billing.streams.shared.domain;

import java.math.BigInteger;
import org.jspecify.annotations.Nullable;

/**
 * The gas of a transaction the platform's relayer sent and paid for: what its receipt says it used and, when known,
 * what that cost in wei (gas used times the effective gas price; an exact integer, far beyond a {@code long}).
 */
public record RelayerGas(long used, @Nullable BigInteger costWei) {

    public RelayerGas {
        if (used < 0) {
            throw new IllegalArgumentException("gas used cannot be negative: " + used);
        }
        if (costWei != null && costWei.signum() < 0) {
            throw new IllegalArgumentException("gas cost cannot be negative: " + costWei);
        }
    }

    /**
     * The gas a result reported as its wire fields: none without {@code gasUsed}; a cost that is not a decimal integer
     * breaks the contract and throws.
     */
    public static @Nullable RelayerGas of(@Nullable Long gasUsed, @Nullable String gasCostWei) {
        if (gasUsed == null) {
            return null;
        }
        return new RelayerGas(gasUsed, gasCostWei == null ? null : new BigInteger(gasCostWei));
    }

    /** The cost as the wire and the API write it: a decimal string, or null. */
    public @Nullable String costWeiText() {
        return costWei == null ? null : costWei.toString();
    }
}
