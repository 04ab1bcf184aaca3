package io.abk.billing.streams.promotioncode.domain;

import io.abk.billing.streams.shared.domain.ExistingState;
import io.abk.billing.streams.shared.domain.Tenant;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/**
 * What a promotion code is: its id (derived from its tenant and code), the coupon it redeems, the code as the merchant
 * wrote it, whether it is active, its limits ({@code maxRedemptions}, {@code expiresAt}), how often it was redeemed,
 * and the redemptions it counted that its coupon has not refused ({@code openRedemptions}, oldest first, the last
 * {@link #MAX_OPEN_REDEMPTIONS}): a release uncounts one of these once.
 */
public record PromotionCodeDetails(
        String id,
        Tenant tenant,
        String couponId,
        String code,
        boolean active,
        @Nullable Integer maxRedemptions,
        int timesRedeemed,
        @Nullable Instant expiresAt,
        Map<String, String> metadata,
        Instant createdAt,
        List<String> openRedemptions)
        implements ExistingState.Details {

    /**
     * How many counted redemptions a code remembers for a release. The coupon answers a redemption within one
     * processing of its command, so only the last few can still be refused; 1,000 is far beyond any burst one code
     * sees while its coupon's answers are in flight, and keeps the store value small.
     */
    public static final int MAX_OPEN_REDEMPTIONS = 1_000;

    public PromotionCodeDetails {
        if (maxRedemptions != null && maxRedemptions < 1) {
            throw new IllegalArgumentException("promotion code " + id + ": maxRedemptions " + maxRedemptions + " < 1");
        }
        if (timesRedeemed < 0) {
            throw new IllegalArgumentException("promotion code " + id + " was redeemed " + timesRedeemed + " times");
        }
        if (openRedemptions.size() > MAX_OPEN_REDEMPTIONS) {
            throw new IllegalArgumentException(
                    "promotion code " + id + " holds " + openRedemptions.size() + " open redemptions");
        }
        metadata = Map.copyOf(metadata);
        openRedemptions = List.copyOf(openRedemptions);
    }

    /** True when another redemption would pass {@code maxRedemptions}. */
    public boolean exhausted() {
        return maxRedemptions != null && timesRedeemed >= maxRedemptions;
    }

    /** True when a redemption asked for at {@code at} comes too late: at or after {@code expiresAt}. */
    public boolean expiredAt(Instant at) {
        return expiresAt != null && !at.isBefore(expiresAt);
    }

    /** One more redemption, open until its coupon refuses it; the oldest open one is forgotten past the bound. */
    public PromotionCodeDetails redeemed(String redemptionId) {
        var open = new ArrayList<>(openRedemptions);
        open.add(redemptionId);
        while (open.size() > MAX_OPEN_REDEMPTIONS) {
            open.removeFirst();
        }
        return with(active, timesRedeemed + 1, open);
    }

    /** The open redemption {@code redemptionId} refused by the coupon: uncounted. */
    public PromotionCodeDetails released(String redemptionId) {
        var open = new ArrayList<>(openRedemptions);
        if (!open.remove(redemptionId)) {
            throw new IllegalStateException("promotion code " + id + " has no open redemption " + redemptionId);
        }
        return with(active, timesRedeemed - 1, open);
    }

    public PromotionCodeDetails deactivated() {
        return with(false, timesRedeemed, openRedemptions);
    }

    private PromotionCodeDetails with(boolean active, int timesRedeemed, List<String> openRedemptions) {
        return new PromotionCodeDetails(
                id,
                tenant,
                couponId,
                code,
                active,
                maxRedemptions,
                timesRedeemed,
                expiresAt,
                metadata,
                createdAt,
                openRedemptions);
    }
}
