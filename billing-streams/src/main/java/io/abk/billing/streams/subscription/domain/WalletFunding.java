package io.abk.billing.streams.subscription.domain;

import io.abk.billing.schemas.money.UsdcAmount;
import org.jspecify.annotations.Nullable;

/**
 * What chain-indexer read of the customer's wallet before a renewal, in micro-USDC capped at the largest long (an
 * unlimited allowance). A figure it did not read is null: the sandbox simulates only what it names.
 *
 * @param chargesLeft a signed mandate's charges left; null when the mandate has no limit
 * @param blockNumber the block read; null in the sandbox
 */
public record WalletFunding(
        @Nullable Long balanceMicros,
        @Nullable Long allowanceMicros,
        @Nullable Long chargesLeft,
        @Nullable Long blockNumber) {

    /** The renewals of {@code amount} the allowance still pays, if it was read. */
    public @Nullable Long periodsCovered(UsdcAmount amount) {
        return allowanceMicros == null || amount.isZero() ? null : allowanceMicros / amount.micros();
    }

    /**
     * True when the allowance covers fewer than two more renewals of {@code amount}: the customer should raise it
     * before the one after next fails.
     */
    public boolean allowanceLow(UsdcAmount amount) {
        var covered = periodsCovered(amount);
        return covered != null && covered < 2;
    }
}
