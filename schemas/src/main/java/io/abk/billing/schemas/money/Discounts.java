package io.abk.billing.schemas.money;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.time.Instant;
import org.jspecify.annotations.Nullable;

/**
 * What a coupon takes off an invoice, the one rule billing-streams (the invoices it makes) and the gateway (the
 * upcoming invoice it previews) share. A percentage is of the subtotal, rounded to the nearest micro-USDC with halves
 * going up (to the customer's favour); a fixed amount is taken whole, but never more than the subtotal, so a discounted
 * invoice is never negative. A subtotal of zero or less (a credit) is not discounted.
 */
public final class Discounts {

    /** 100 % in basis points (hundredths of a percent). */
    public static final int WHOLE = 10_000;

    private Discounts() {}

    /**
     * The discount, in micro-USDC (>= 0), of {@code subtotalMicros} by a coupon of {@code percentOffBasisPoints} or
     * {@code amountOffMicros} (exactly one is non-null).
     */
    public static long amountOffMicros(
            long subtotalMicros, @Nullable Integer percentOffBasisPoints, @Nullable Long amountOffMicros) {
        if ((percentOffBasisPoints == null) == (amountOffMicros == null)) {
            throw new IllegalArgumentException("a coupon takes a percentage or an amount off, exactly one");
        }
        if (subtotalMicros <= 0) {
            return 0;
        }
        if (percentOffBasisPoints != null) {
            if (percentOffBasisPoints < 1 || percentOffBasisPoints > WHOLE) {
                throw new IllegalArgumentException("percentOffBasisPoints out of 1..10000: " + percentOffBasisPoints);
            }
            return BigDecimal.valueOf(subtotalMicros)
                    .multiply(BigDecimal.valueOf(percentOffBasisPoints))
                    .divide(BigDecimal.valueOf(WHOLE), 0, RoundingMode.HALF_UP)
                    .longValueExact();
        }
        if (amountOffMicros <= 0) {
            throw new IllegalArgumentException("amountOffMicros must be positive: " + amountOffMicros);
        }
        return Math.min(amountOffMicros, subtotalMicros);
    }

    /**
     * Whether a discount of {@code duration} ending at {@code end} applies to an invoice whose period starts at
     * {@code periodStart}: {@code once} and {@code forever} always (a once discount is removed after the invoice it
     * discounted), {@code repeating} while the period starts before its end.
     */
    public static boolean appliesTo(String duration, @Nullable Instant end, Instant periodStart) {
        return switch (duration) {
            case "once", "forever" -> true;
            case "repeating" -> end == null || periodStart.isBefore(end);
            default -> throw new IllegalArgumentException("unknown discount duration '" + duration + "'");
        };
    }

    /** The percentage of {@code basisPoints} as the API writes it: 20, 12.5, 0.01 (never in exponent notation). */
    public static BigDecimal percent(int basisPoints) {
        var percent = BigDecimal.valueOf(basisPoints, 2).stripTrailingZeros();
        return percent.scale() < 0 ? percent.setScale(0) : percent;
    }

    /** The discount line's description: {@code "WELCOME (20% off)"}, or {@code "5 USDC off"} without a name. */
    public static String describe(
            @Nullable String couponName, @Nullable Integer percentOffBasisPoints, @Nullable Long amountOffMicros) {
        var off = percentOffBasisPoints != null
                ? percent(percentOffBasisPoints).toPlainString() + "% off"
                : SixDecimalAmounts.toDecimal(amountOffMicros == null ? 0 : amountOffMicros)
                                .toPlainString() + " USDC off";
        return couponName == null || couponName.isBlank() ? off : couponName + " (" + off + ")";
    }
}
