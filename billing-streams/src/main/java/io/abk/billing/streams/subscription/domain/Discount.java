package io.abk.billing.streams.subscription.domain;

import io.abk.billing.schemas.money.Discounts;
import java.time.Instant;
import java.time.ZoneOffset;
import org.jspecify.annotations.Nullable;

/**
 * The coupon a subscription's invoices are discounted by (docs/architecture.md, "Plan changes and proration"): a
 * percentage ({@code percentOffBasisPoints}) or a fixed amount ({@code amountOffMicros}) off, exactly one, from
 * {@code start} until {@code end} (repeating; null for once and forever). The coupon's name and promotion code are
 * kept for the discount line and the API.
 */
public record Discount(
        String couponId,
        @Nullable String couponName,
        @Nullable String promotionCodeId,
        @Nullable Integer percentOffBasisPoints,
        @Nullable Long amountOffMicros,
        DiscountDuration duration,
        @Nullable Integer durationInMonths,
        Instant start,
        @Nullable Instant end) {

    public Discount {
        if ((percentOffBasisPoints == null) == (amountOffMicros == null)) {
            throw new IllegalArgumentException("discount " + couponId + " takes a percentage or an amount off");
        }
        if ((duration == DiscountDuration.REPEATING) != (durationInMonths != null)
                || (duration == DiscountDuration.REPEATING) != (end != null)) {
            throw new IllegalArgumentException(
                    "discount " + couponId + ": only a repeating discount has months and an end");
        }
    }

    /** Applied at {@code start}: a repeating one ends {@code durationInMonths} months later (UTC, month ends clamp). */
    public static Discount applied(
            String couponId,
            @Nullable String couponName,
            @Nullable String promotionCodeId,
            @Nullable Integer percentOffBasisPoints,
            @Nullable Long amountOffMicros,
            DiscountDuration duration,
            @Nullable Integer durationInMonths,
            Instant start) {
        var end = duration == DiscountDuration.REPEATING && durationInMonths != null
                ? start.atZone(ZoneOffset.UTC).plusMonths(durationInMonths).toInstant()
                : null;
        return new Discount(
                couponId,
                couponName,
                promotionCodeId,
                percentOffBasisPoints,
                amountOffMicros,
                duration,
                durationInMonths,
                start,
                end);
    }

    /** Whether it discounts an invoice for {@code period} ({@link Discounts#appliesTo}). */
    public boolean appliesTo(Period period) {
        return Discounts.appliesTo(duration.apiName(), end, period.start());
    }

    /** The discount line's description, {@code WELCOME (20% off)}. */
    public String description() {
        return Discounts.describe(couponName, percentOffBasisPoints, amountOffMicros);
    }
}
