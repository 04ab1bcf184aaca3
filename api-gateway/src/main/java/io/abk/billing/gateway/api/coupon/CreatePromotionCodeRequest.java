package io.abk.billing.gateway.api.coupon;

import io.abk.billing.gateway.platform.json.RequestFields;
import io.abk.billing.gateway.platform.web.ApiException;
import io.abk.billing.schemas.avro.CreatePromotionCode;
import java.time.Instant;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Pattern;
import org.jspecify.annotations.Nullable;

/**
 * A validated {@code POST /v1/promotion_codes} body (docs/api.md, {@code CreatePromotionCodeRequest}):
 * {@code couponId} (a coupon id; one the caller does not have is {@code coupon_not_found}, found after parsing),
 * {@code code} ({@link #CODE}), {@code maxRedemptions} (at least 1), {@code expiresAt} (in the future) and
 * {@code metadata}.
 */
record CreatePromotionCodeRequest(
        String couponId,
        String code,
        @Nullable Integer maxRedemptions,
        @Nullable Instant expiresAt,
        Map<String, String> metadata) {

    /** What a customer types: 3 to 40 letters, digits, {@code _} and {@code -}, compared in any case. */
    static final Pattern CODE = Pattern.compile("[A-Za-z0-9_-]{3,40}");

    static CreatePromotionCodeRequest parse(RequestFields fields, Instant now) {
        var couponId = fields.optionalString("couponId", 100)
                .orElseThrow(() -> ApiException.invalid("couponId", "couponId is required"));
        var code = code(fields, "code").orElseThrow(() -> ApiException.invalid("code", "code is required"));
        var maxRedemptions =
                fields.optionalInt("maxRedemptions", 1, Integer.MAX_VALUE).orElse(null);
        var expiresAt = CreateCouponRequest.future(fields, "expiresAt", now);
        var metadata = fields.optionalMetadata("metadata");
        return new CreatePromotionCodeRequest(couponId, code, maxRedemptions, expiresAt, metadata);
    }

    /** The field as a code ({@link #CODE}), else a 400 naming it. */
    static Optional<String> code(RequestFields fields, String field) {
        return fields.optionalString(field, 100).map(code -> {
            if (!isCode(code)) {
                throw ApiException.invalid(fields.param(field), field + " must be 3 to 40 letters, digits, _ or -");
            }
            return code;
        });
    }

    static boolean isCode(String code) {
        return CODE.matcher(code).matches();
    }

    CreatePromotionCode payload() {
        return CreatePromotionCode.newBuilder()
                .setCouponId(couponId)
                .setCode(code)
                .setMaxRedemptions(maxRedemptions)
                .setExpiresAt(expiresAt)
                .setMetadata(Map.copyOf(metadata))
                .build();
    }
}
