package io.abk.billing.usdt.domain.match;

import java.math.BigDecimal;

/**
 * The configured part of matching: how many confirmations a transaction needs (its own block counts as one) and
 * the percentage the {@link MatchStrategy#TOLERANCE} strategy allows.
 */
public record MatchPolicy(int requiredConfirmations, BigDecimal tolerancePercent) {

    public MatchPolicy {
        if (requiredConfirmations < 1) {
            throw new IllegalArgumentException(
                    "requiredConfirmations must be at least 1, was " + requiredConfirmations);
        }
        if (tolerancePercent.signum() < 0 || tolerancePercent.compareTo(BigDecimal.valueOf(100)) >= 0) {
            throw new IllegalArgumentException(
                    "tolerancePercent must be at least 0 and below 100, was " + tolerancePercent.toPlainString());
        }
    }
}
