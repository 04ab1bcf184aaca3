package io.abk.billing.streams.coupon.domain;

import io.abk.billing.streams.shared.domain.ExistingState;
import io.abk.billing.streams.shared.domain.Tenant;
import java.time.Instant;
import java.util.Map;
import java.util.Set;
import org.jspecify.annotations.Nullable;

/**
 * What a coupon is: its id and tenant, its discount (exactly one of a percentage in basis points and a fixed amount
 * in micro-USDC, for {@code once}, {@code repeating} for {@code durationInMonths}, or {@code forever}), its limits
 * ({@code maxRedemptions}, {@code redeemBy}), how often it was redeemed, and whether it can be redeemed now
 * ({@code valid}: false once disabled, fully redeemed or refused for its redeem-by time).
 */
public record CouponDetails(
        String id,
        Tenant tenant,
        String name,
        @Nullable Integer percentOffBasisPoints,
        @Nullable Long amountOffMicros,
        String duration,
        @Nullable Integer durationInMonths,
        @Nullable Integer maxRedemptions,
        int timesRedeemed,
        @Nullable Instant redeemBy,
        boolean valid,
        Map<String, String> metadata,
        Instant createdAt,
        @Nullable Instant disabledAt)
        implements ExistingState.Details {

    /** The durations a coupon's discount may have, as the API names them. */
    public static final Set<String> DURATIONS = Set.of("once", "repeating", "forever");

    /** The largest percentage off, in basis points: 100 %. */
    public static final int WHOLE_BASIS_POINTS = 10_000;

    public CouponDetails {
        if ((percentOffBasisPoints == null) == (amountOffMicros == null)) {
            throw new IllegalArgumentException("coupon " + id + " needs exactly one of a percentage and an amount off");
        }
        if (percentOffBasisPoints != null
                && (percentOffBasisPoints < 1 || percentOffBasisPoints > WHOLE_BASIS_POINTS)) {
            throw new IllegalArgumentException(
                    "coupon " + id + ": percentage off " + percentOffBasisPoints + " bp is not in 1..10000");
        }
        if (amountOffMicros != null && amountOffMicros <= 0) {
            throw new IllegalArgumentException("coupon " + id + ": amount off " + amountOffMicros + " is not positive");
        }
        if (!DURATIONS.contains(duration)) {
            throw new IllegalArgumentException("coupon " + id + ": unknown duration " + duration);
        }
        if ((durationInMonths != null) != duration.equals("repeating")
                || (durationInMonths != null && durationInMonths < 1)) {
            throw new IllegalArgumentException(
                    "coupon " + id + ": durationInMonths " + durationInMonths + " does not fit duration " + duration);
        }
        if (maxRedemptions != null && maxRedemptions < 1) {
            throw new IllegalArgumentException("coupon " + id + ": maxRedemptions " + maxRedemptions + " < 1");
        }
        if (timesRedeemed < 0 || (maxRedemptions != null && timesRedeemed > maxRedemptions)) {
            throw new IllegalArgumentException(
                    "coupon " + id + " was redeemed " + timesRedeemed + " times, its maximum is " + maxRedemptions);
        }
        metadata = Map.copyOf(metadata);
    }

    /** True when another redemption would pass {@code maxRedemptions}. */
    public boolean exhausted() {
        return maxRedemptions != null && timesRedeemed >= maxRedemptions;
    }

    /** True when a redemption asked for at {@code at} comes too late: at or after {@code redeemBy}. */
    public boolean expiredAt(Instant at) {
        return redeemBy != null && !at.isBefore(redeemBy);
    }

    /** One more redemption: still valid unless it was the last one allowed. */
    public CouponDetails redeemed() {
        var times = timesRedeemed + 1;
        return new CouponDetails(
                id,
                tenant,
                name,
                percentOffBasisPoints,
                amountOffMicros,
                duration,
                durationInMonths,
                maxRedemptions,
                times,
                redeemBy,
                valid && (maxRedemptions == null || times < maxRedemptions),
                metadata,
                createdAt,
                disabledAt);
    }

    /** No longer redeemable; {@code disabledAt} set when the merchant disabled it, else unchanged. */
    public CouponDetails invalid(@Nullable Instant disabledAt) {
        return new CouponDetails(
                id,
                tenant,
                name,
                percentOffBasisPoints,
                amountOffMicros,
                duration,
                durationInMonths,
                maxRedemptions,
                timesRedeemed,
                redeemBy,
                false,
                metadata,
                createdAt,
                disabledAt == null ? this.disabledAt : disabledAt);
    }
}
