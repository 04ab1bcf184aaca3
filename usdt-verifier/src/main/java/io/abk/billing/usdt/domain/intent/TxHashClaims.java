package io.abk.billing.usdt.domain.intent;

import org.jspecify.annotations.Nullable;

/**
 * One transaction confirms at most one intent: a hash belongs to the first intent that claims it, for good. The
 * same intent claiming it again is granted again, so a replayed claim gets the same answer.
 */
public final class TxHashClaims {

    private TxHashClaims() {}

    /** True when {@code claimant} may use a hash held by {@code holder} (null: nobody holds it yet). */
    public static boolean grants(@Nullable String holder, String claimant) {
        return holder == null || holder.equals(claimant);
    }
}
