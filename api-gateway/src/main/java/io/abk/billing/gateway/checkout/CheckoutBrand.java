package io.abk.billing.gateway.checkout;

import io.abk.billing.gateway.controlplane.merchant.MerchantBrand;
import io.abk.billing.gateway.controlplane.merchant.MerchantProfile;
import org.jspecify.annotations.Nullable;

/**
 * A merchant's branding as a checkout page shows it: the name (the brand name, else the display name, else the name),
 * the logo's address, and the accent colour of the primary button and the header rule with the text colour that reads
 * on it. The accent is checked again here: only {@code #rrggbb} ever reaches the page's style sheet.
 *
 * @param name null when the merchant is gone
 * @param accent {@code #rrggbb}, lower-case; null for the pages' own
 * @param logoPath the logo's public address ({@link CheckoutBrandRoutes}); null without a logo
 */
record CheckoutBrand(
        @Nullable String name,
        @Nullable String accent,
        @Nullable String logoPath) {

    static final CheckoutBrand NONE = new CheckoutBrand(null, null, null);

    CheckoutBrand {
        if (accent != null && !MerchantBrand.ACCENT_COLOR.matcher(accent).matches()) {
            throw new IllegalArgumentException("not an accent colour: " + accent);
        }
    }

    static CheckoutBrand of(MerchantProfile merchant) {
        return new CheckoutBrand(
                merchant.checkoutName(),
                merchant.brand().accentColor(),
                merchant.brand().logoPath(merchant.id()));
    }

    /**
     * The text colour on the accent, black or white, whichever contrasts more with it (WCAG's relative luminance:
     * white wins below about 0.18), so a button's label stays readable whatever colour the merchant picked.
     */
    static String textOn(String accent) {
        var luminance = 0.2126 * channel(accent, 1) + 0.7152 * channel(accent, 3) + 0.0722 * channel(accent, 5);
        var withWhite = 1.05 / (luminance + 0.05);
        var withBlack = (luminance + 0.05) / 0.05;
        return withWhite >= withBlack ? "#ffffff" : "#000000";
    }

    private static double channel(String accent, int at) {
        var srgb = Integer.parseInt(accent.substring(at, at + 2), 16) / 255.0;
        return srgb <= 0.04045 ? srgb / 12.92 : Math.pow((srgb + 0.055) / 1.055, 2.4);
    }
}
