package io.abk.billing.gateway.api.coupon;

import io.abk.billing.gateway.platform.json.RequestFields;
import io.abk.billing.gateway.platform.web.ApiException;
import io.abk.billing.gateway.platform.web.ErrorCodes;
import java.util.List;
import java.util.Optional;
import org.jspecify.annotations.Nullable;

/**
 * The discount a subscription's create or update names: a coupon by {@code couponId}, a promotion code by
 * {@code promotionCode} (what a customer types, any case), never both (400 {@code invalid_discount}); on update
 * {@code couponId: null} removes the discount. An update changes its discount alone: a PATCH naming a discount and any
 * other field is 400 {@code invalid_discount}, since the two are commands to different aggregates.
 */
public sealed interface DiscountChoice {

    /** A coupon of the caller's, by id. */
    record ByCoupon(String couponId) implements DiscountChoice {}

    /** A promotion code of the caller's, as the customer typed it. */
    record ByCode(String code) implements DiscountChoice {}

    /** No discount any more (a PATCH's {@code couponId: null}). */
    record Removed() implements DiscountChoice {}

    /** The fields a PATCH may change besides the discount (docs/api.md, {@code UpdateSubscriptionRequest}). */
    List<String> OTHER_UPDATE_FIELDS =
            List.of("amountUsdc", "interval", "planId", "metadata", "priceId", "prorationBehavior");

    /** The discount of a create, null when it names none. */
    static @Nullable DiscountChoice ofCreate(RequestFields fields) {
        var couponId = fields.optionalString("couponId", 100);
        var code = CreatePromotionCodeRequest.code(fields, "promotionCode");
        if (couponId.isPresent() && code.isPresent()) {
            throw both(fields);
        }
        if (couponId.isPresent()) {
            return new ByCoupon(couponId.get());
        }
        return code.<DiscountChoice>map(ByCode::new).orElse(null);
    }

    /** The promotion code a customer entered in {@code field} (required; {@code validation_error} when not a code). */
    static ByCode ofCode(RequestFields fields, String field) {
        return new ByCode(CreatePromotionCodeRequest.code(fields, field)
                .orElseThrow(() -> ApiException.invalid(field, field + " is required")));
    }

    /** The discount change of a PATCH; empty when it names none (then it is an update of the other fields). */
    static Optional<DiscountChoice> ofUpdate(RequestFields fields) {
        boolean coupon = fields.isPresent("couponId");
        boolean code = fields.isPresent("promotionCode");
        if (!coupon && !code) {
            return Optional.empty();
        }
        if (coupon && code) {
            throw both(fields);
        }
        for (var other : OTHER_UPDATE_FIELDS) {
            if (fields.isPresent(other)) {
                throw new ApiException(
                        400,
                        ErrorCodes.INVALID_DISCOUNT,
                        "Change a subscription's discount in a PATCH of its own: couponId or promotionCode"
                                + " cannot be sent with " + other,
                        fields.param(other),
                        null);
            }
        }
        if (coupon && !fields.has("couponId")) {
            return Optional.of(new Removed());
        }
        return Optional.ofNullable(ofCreate(fields));
    }

    private static ApiException both(RequestFields fields) {
        return new ApiException(
                400,
                ErrorCodes.INVALID_DISCOUNT,
                "Give couponId or promotionCode, not both",
                fields.param("promotionCode"),
                null);
    }
}
