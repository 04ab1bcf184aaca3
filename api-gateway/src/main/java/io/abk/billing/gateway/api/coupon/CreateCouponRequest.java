package io.abk.billing.gateway.api.coupon;

import io.abk.billing.gateway.api.RequestTimestamps;
import io.abk.billing.gateway.platform.json.RequestFields;
import io.abk.billing.gateway.platform.web.ApiException;
import io.abk.billing.gateway.platform.web.ErrorCodes;
import io.abk.billing.schemas.avro.CreateCoupon;
import io.abk.billing.schemas.money.UsdcAmount;
import java.time.Instant;
import java.util.Map;
import java.util.Set;
import org.jspecify.annotations.Nullable;

/**
 * A validated {@code POST /v1/coupons} body (docs/api.md, {@code CreateCouponRequest}): {@code name} (1-200
 * characters), exactly one of {@code percentOff} ({@link PercentOff}) and {@code amountOffUsdc} (a USDC amount as
 * everywhere; neither or both is 400 {@code invalid_coupon}), {@code duration} ({@code once}, {@code repeating} or
 * {@code forever}) with {@code durationInMonths} (1-120) exactly when repeating, {@code maxRedemptions} (at least 1),
 * {@code redeemBy} (in the future of the mode's now) and {@code metadata}.
 */
record CreateCouponRequest(
        String name,
        @Nullable Integer percentOffBasisPoints,
        @Nullable Long amountOffMicros,
        String duration,
        @Nullable Integer durationInMonths,
        @Nullable Integer maxRedemptions,
        @Nullable Instant redeemBy,
        Map<String, String> metadata) {

    static final int MAX_NAME_LENGTH = 200;
    static final int MAX_DURATION_IN_MONTHS = 120;
    static final Set<String> DURATIONS = Set.of("once", "repeating", "forever");

    static CreateCouponRequest parse(RequestFields fields, Instant now) {
        var name = fields.optionalString("name", MAX_NAME_LENGTH)
                .orElseThrow(() -> ApiException.invalid("name", "name is required"));
        var percent = PercentOff.basisPoints(fields).orElse(null);
        var amount = fields.optionalPositiveAmount("amountOffUsdc")
                .map(UsdcAmount::micros)
                .orElse(null);
        if ((percent == null) == (amount == null)) {
            throw new ApiException(
                    400,
                    ErrorCodes.INVALID_COUPON,
                    "A coupon takes off either percentOff or amountOffUsdc: give exactly one of them",
                    percent == null ? "percentOff" : "amountOffUsdc",
                    null);
        }
        var duration = fields.optionalOneOf("duration", DURATIONS)
                .orElseThrow(
                        () -> ApiException.invalid("duration", "duration is required: once, repeating or forever"));
        var months = fields.optionalInt("durationInMonths", 1, MAX_DURATION_IN_MONTHS)
                .orElse(null);
        if (duration.equals("repeating") && months == null) {
            throw ApiException.invalid("durationInMonths", "durationInMonths (1 to 120) is required when repeating");
        }
        if (!duration.equals("repeating") && months != null) {
            throw ApiException.invalid(
                    "durationInMonths", "durationInMonths is given only with duration repeating, not " + duration);
        }
        var maxRedemptions =
                fields.optionalInt("maxRedemptions", 1, Integer.MAX_VALUE).orElse(null);
        var redeemBy = future(fields, "redeemBy", now);
        var metadata = fields.optionalMetadata("metadata");
        return new CreateCouponRequest(name, percent, amount, duration, months, maxRedemptions, redeemBy, metadata);
    }

    /** An ISO-8601 date-time after {@code now} and before the year 10000; null when absent. */
    static @Nullable Instant future(RequestFields fields, String field, Instant now) {
        var at = RequestTimestamps.optional(fields, field).orElse(null);
        if (at == null) {
            return null;
        }
        if (!at.isAfter(now)) {
            throw ApiException.invalid(field, field + " must be in the future");
        }
        if (at.isAfter(RequestTimestamps.LATEST)) {
            throw ApiException.invalid(field, field + " must be before the year 10000");
        }
        return at;
    }

    CreateCoupon payload() {
        return CreateCoupon.newBuilder()
                .setName(name)
                .setPercentOffBasisPoints(percentOffBasisPoints)
                .setAmountOffMicros(amountOffMicros)
                .setDuration(duration)
                .setDurationInMonths(durationInMonths)
                .setMaxRedemptions(maxRedemptions)
                .setRedeemBy(redeemBy)
                .setMetadata(Map.copyOf(metadata))
                .build();
    }
}
