package io.abk.billing.schemas.money;

import java.math.BigInteger;
import java.time.Duration;
import java.time.Instant;

/**
 * What a change of a subscription's amount during its period is worth, the one rule billing-streams (the lines a
 * change makes) and the gateway (the upcoming invoice it previews) share. Time is counted in whole seconds of the
 * period {@code [start, end)}: a change at {@code at} leaves {@code (end - at) / (end - start)} of it, and each line is
 * that share of an amount rounded to the nearest micro-USDC, halves away from zero. The credit for the old amount and
 * the charge for the new one are rounded apart, each from its own amount, so a change and its reverse at the same
 * instant cancel exactly. docs/architecture.md, "Plan changes and proration", tells the whole rule.
 */
public final class Proration {

    private Proration() {}

    /**
     * The share of {@code amountMicros} (any sign) left in the period {@code [start, end)} at {@code at}: the whole
     * amount at or before {@code start}, nothing at or after {@code end}; otherwise
     * {@code round(amount * (end - at) / (end - start))} in whole seconds (a fraction of a second left counts as none
     * of it), halves away from zero.
     */
    public static long remainingMicros(long amountMicros, Instant start, Instant end, Instant at) {
        var total = Duration.between(start, end).getSeconds();
        if (total <= 0) {
            throw new IllegalArgumentException("a period ends after it starts: " + start + " .. " + end);
        }
        if (!at.isAfter(start)) {
            return amountMicros;
        }
        var left = Duration.between(at, end).getSeconds();
        if (left <= 0) {
            return 0;
        }
        return roundedShare(amountMicros, left, total);
    }

    /** {@code round(amount * numerator / denominator)}, halves away from zero, exact (no overflow, no double). */
    static long roundedShare(long amountMicros, long numerator, long denominator) {
        var product = BigInteger.valueOf(amountMicros).multiply(BigInteger.valueOf(numerator));
        var d = BigInteger.valueOf(denominator);
        var quotientAndRemainder = product.abs().divideAndRemainder(d);
        var magnitude = quotientAndRemainder[0];
        if (quotientAndRemainder[1].shiftLeft(1).compareTo(d) >= 0) {
            magnitude = magnitude.add(BigInteger.ONE);
        }
        return (product.signum() < 0 ? magnitude.negate() : magnitude).longValueExact();
    }

    /**
     * The two lines a change from {@code oldMicros} to {@code newMicros} at {@code at} makes, in micro-USDC: the
     * credit for the unused time on the old amount (<= 0) and the charge for the remaining time on the new one (>= 0).
     * Both are zero when nothing of the period is left.
     */
    public static Lines lines(long oldMicros, long newMicros, Instant start, Instant end, Instant at) {
        return new Lines(-remainingMicros(oldMicros, start, end, at), remainingMicros(newMicros, start, end, at));
    }

    /** The credit line's description: {@code Unused time on 10 USDC per month}. */
    public static String unusedTime(long oldMicros, String interval) {
        return "Unused time on " + perInterval(oldMicros, interval);
    }

    /** The charge line's description: {@code Remaining time on 25 USDC per month}. */
    public static String remainingTime(long newMicros, String interval) {
        return "Remaining time on " + perInterval(newMicros, interval);
    }

    private static String perInterval(long micros, String interval) {
        return SixDecimalAmounts.toDecimal(micros).toPlainString() + " USDC per " + interval;
    }

    /**
     * The proration of one change: {@code unusedMicros} (the old amount's unused time, <= 0) and
     * {@code remainingMicros} (the new amount's remaining time, >= 0).
     */
    public record Lines(long unusedMicros, long remainingMicros) {

        /** What the change adds to the next invoice (negative: a credit). */
        public long netMicros() {
            return Math.addExact(unusedMicros, remainingMicros);
        }
    }
}
