package io.abk.billing.schemas.money;

import java.util.List;
import org.jspecify.annotations.Nullable;

/**
 * What a period's usage of a metered price costs, the one rule billing-streams (the usage line of a renewal invoice)
 * and the gateway (the upcoming invoice it previews) share. Without tiers: quantity times the unit amount. With
 * graduated tiers: each tier prices the units that fall in it (units 1 to the first {@code upTo}, then on to the
 * next), plus its flat amount once when any unit falls in it. Quantities are whole and amounts are micro-USDC, so the
 * result is exact; an amount past {@link Long#MAX_VALUE} micro-USDC is refused rather than wrapped.
 */
public final class UsagePricing {

    private UsagePricing() {}

    /**
     * One graduated tier: units up to {@code upTo} (inclusive, counted from the first unit of the period; null for
     * the last tier, unbounded) cost {@code unitAmountMicros} each, plus {@code flatAmountMicros} once.
     */
    public record Tier(@Nullable Long upTo, long unitAmountMicros, long flatAmountMicros) {

        public Tier {
            if (upTo != null && upTo < 1) {
                throw new IllegalArgumentException("a tier's upTo is at least 1: " + upTo);
            }
            if (unitAmountMicros < 0 || flatAmountMicros < 0) {
                throw new IllegalArgumentException("a tier's amounts are not negative");
            }
        }
    }

    /**
     * Checks tiers as a price holds them: at least one, {@code upTo} strictly ascending, the last one unbounded and
     * only the last. Returns a reason when they are not, else null.
     */
    public static @Nullable String invalidTiers(List<Tier> tiers) {
        if (tiers.isEmpty()) {
            return "a tiered price has at least one tier";
        }
        long previous = 0;
        for (int i = 0; i < tiers.size(); i++) {
            var upTo = tiers.get(i).upTo();
            boolean last = i == tiers.size() - 1;
            if (last != (upTo == null)) {
                return "only the last tier has no upTo (it is unbounded)";
            }
            if (upTo != null && upTo <= previous) {
                return "each tier's upTo is greater than the one before";
            }
            previous = upTo == null ? previous : upTo;
        }
        return null;
    }

    /** The amount, in micro-USDC, of {@code quantity} units at {@code unitAmountMicros} each, or by {@code tiers}. */
    public static long amountMicros(long quantity, long unitAmountMicros, List<Tier> tiers) {
        if (quantity < 0) {
            throw new IllegalArgumentException("a usage quantity is not negative: " + quantity);
        }
        if (tiers.isEmpty()) {
            return Math.multiplyExact(quantity, unitAmountMicros);
        }
        var invalid = invalidTiers(tiers);
        if (invalid != null) {
            throw new IllegalArgumentException(invalid);
        }
        long amount = 0;
        long priced = 0;
        for (var tier : tiers) {
            if (priced >= quantity) {
                break;
            }
            long upTo = tier.upTo() == null ? quantity : Math.min(tier.upTo(), quantity);
            long units = upTo - priced;
            amount = Math.addExact(amount, Math.multiplyExact(units, tier.unitAmountMicros()));
            amount = Math.addExact(amount, tier.flatAmountMicros());
            priced = upTo;
        }
        return amount;
    }
}
