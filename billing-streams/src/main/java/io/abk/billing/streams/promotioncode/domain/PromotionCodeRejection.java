package io.abk.billing.streams.promotioncode.domain;

/** Why a promotion code command was refused, with the API error code the gateway answers with. */
public enum PromotionCodeRejection {
    /** Create of a code the merchant has in this mode already (any case). */
    PROMOTION_CODE_EXISTS("promotion_code_exists"),
    /** A deactivate or release of no such code, or of another merchant's or mode's. */
    RESOURCE_MISSING("resource_missing"),
    /** A redemption of no such code in the merchant's mode. */
    PROMOTION_CODE_NOT_FOUND("promotion_code_not_found"),
    /** A redemption of a deactivated code. */
    PROMOTION_CODE_INACTIVE("promotion_code_inactive"),
    /** A redemption at or after the code's expiry. */
    PROMOTION_CODE_EXPIRED("promotion_code_expired"),
    /** A redemption of a code redeemed its maximum number of times (counting those its coupon is still deciding). */
    PROMOTION_CODE_EXHAUSTED("promotion_code_exhausted");

    private final String code;

    PromotionCodeRejection(String code) {
        this.code = code;
    }

    /** The snake_case code of the API's error body. */
    public String code() {
        return code;
    }
}
