package io.abk.billing.streams.coupon.domain;

/** Why a coupon command was refused, with the API error code the gateway answers with. */
public enum CouponRejection {
    /** Create under an id that has a coupon already. */
    COUPON_EXISTS("coupon_exists"),
    /** A disable of no such coupon, or of another merchant's or mode's. */
    RESOURCE_MISSING("resource_missing"),
    /** A redemption of no such coupon, or of another merchant's or mode's. */
    COUPON_NOT_FOUND("coupon_not_found"),
    /** A redemption of a disabled coupon. */
    COUPON_INVALID("coupon_invalid"),
    /** A redemption at or after the coupon's redeem-by time. */
    COUPON_EXPIRED("coupon_expired"),
    /** A redemption of a coupon redeemed its maximum number of times. */
    COUPON_EXHAUSTED("coupon_exhausted");

    private final String code;

    CouponRejection(String code) {
        this.code = code;
    }

    /** The snake_case code of the API's error body. */
    public String code() {
        return code;
    }
}
