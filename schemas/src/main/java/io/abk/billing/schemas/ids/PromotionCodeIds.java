package io.abk.billing.schemas.ids;

import java.util.Locale;

/**
 * The id of a merchant's promotion code, derived from the merchant, the mode and the code: {@code promo_} and 26
 * characters ({@link HashedIds}). Codes compare case-insensitively, so {@code welcome20} and {@code WELCOME20} are one
 * code with one id, and two requests creating it at once name the same Kafka key: its one writer makes it once.
 */
public final class PromotionCodeIds {

    private PromotionCodeIds() {}

    /** The id of {@code code} (any case) at {@code merchantId} in {@code mode} ({@code test} or {@code live}). */
    public static String of(String merchantId, String mode, String code) {
        return IdPrefix.PROMOTION_CODE.withSeparator()
                + HashedIds.body("promotion_code", merchantId, mode, code.toUpperCase(Locale.ROOT));
    }
}
