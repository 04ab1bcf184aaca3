package io.abk.billing.gateway.checkout;

import static org.assertj.core.api.Assertions.assertThat;

/** The one script a checkout page may load, taken out so that a test can check the rest holds no other. */
final class PageScripts {

    static final String TAG = "<script src=\"" + CheckoutScript.src() + "\" defer></script>";

    /** The QR code library the pay page loads before it. */
    static final String QR_TAG = "<script src=\"" + CheckoutScript.QR_CODE.src() + "\" defer></script>";

    private PageScripts() {}

    /** The page without its one script tag, which must be there exactly once (and the pay page's QR code library). */
    static String withoutTheScript(String page) {
        assertThat(page.split(java.util.regex.Pattern.quote(TAG), -1))
                .as("the checkout script tag, once")
                .hasSize(2);
        return page.replace(TAG, "").replace(QR_TAG, "");
    }
}
