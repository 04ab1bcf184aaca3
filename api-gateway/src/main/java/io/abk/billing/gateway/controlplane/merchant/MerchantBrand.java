package io.abk.billing.gateway.controlplane.merchant;

import java.util.regex.Pattern;
import org.jspecify.annotations.Nullable;

/**
 * How a merchant's hosted checkout pages look: the name customers see there (else the display name), the accent colour
 * of the pages' button and header rule ({@code #rrggbb}, lower-case), and the logo's type and SHA-256 (hex), which
 * name its public address ({@link #logoPath}).
 */
public record MerchantBrand(
        @Nullable String brandName,
        @Nullable String accentColor,
        @Nullable String logoContentType,
        @Nullable String logoSha256) {

    public static final MerchantBrand NONE = new MerchantBrand(null, null, null, null);

    public static final int MAX_BRAND_NAME_LENGTH = 80;

    /** The only accent colours there are: six lower-case hex digits, so nothing else ever reaches a page's CSS. */
    public static final Pattern ACCENT_COLOR = Pattern.compile("#[0-9a-f]{6}");

    /** Hex digits of the logo's SHA-256 in its address: enough that a new logo always has a new one. */
    static final int LOGO_VERSION_LENGTH = 16;

    public MerchantBrand {
        if (accentColor != null && !ACCENT_COLOR.matcher(accentColor).matches()) {
            throw new IllegalArgumentException("not an accent colour: " + accentColor);
        }
        if ((logoContentType == null) != (logoSha256 == null)) {
            throw new IllegalArgumentException("a logo has both its type and its hash, or neither");
        }
    }

    /** The logo's public address, {@code /checkout/brand/<merchantId>/logo?v=<hash prefix>}; null without a logo. */
    public @Nullable String logoPath(String merchantId) {
        return logoSha256 == null ? null : logoPath(merchantId, logoSha256);
    }

    static String logoPath(String merchantId, String sha256) {
        return "/checkout/brand/" + merchantId + "/logo?v=" + logoVersion(sha256);
    }

    /** The version a logo's address carries: the first hex digits of its SHA-256. */
    public static String logoVersion(String sha256) {
        return sha256.substring(0, LOGO_VERSION_LENGTH);
    }

    MerchantBrand withNameAndAccent(@Nullable String name, @Nullable String accent) {
        return new MerchantBrand(name, accent, logoContentType, logoSha256);
    }

    MerchantBrand withLogo(@Nullable MerchantLogo logo) {
        return logo == null
                ? new MerchantBrand(brandName, accentColor, null, null)
                : new MerchantBrand(brandName, accentColor, logo.contentType(), logo.sha256());
    }
}
