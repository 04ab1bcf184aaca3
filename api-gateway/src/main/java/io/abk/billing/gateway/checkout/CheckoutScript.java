package io.abk.billing.gateway.checkout;

import io.abk.billing.gateway.platform.web.VersionedAsset;
import java.nio.charset.StandardCharsets;

/**
 * The checkout pages' one script ({@code checkout/checkout.js} on the class path, plain browser JavaScript with no build
 * step; the pay page also loads {@link #QR_CODE}), read once, with its version ({@link VersionedAsset}): the pages ask for
 * {@link #PATH}{@code ?v=}{@link #VERSION}.
 */
final class CheckoutScript {

    static final String RESOURCE = "checkout/checkout.js";
    static final String PATH = "/checkout/assets/checkout.js";
    static final VersionedAsset ASSET = new VersionedAsset(RESOURCE, PATH, VersionedAsset.JAVASCRIPT);
    static final byte[] BYTES = ASSET.bytes();
    static final String VERSION = ASSET.version();

    /**
     * node-qrcode, bundled by the build from npm's package (api-gateway's src/main/frontend/install.mjs): the pay
     * page draws its EIP-681 QR code with it.
     */
    static final VersionedAsset QR_CODE =
            new VersionedAsset("checkout/vendor/qrcode.js", "/checkout/assets/qrcode.js", VersionedAsset.JAVASCRIPT);

    private CheckoutScript() {}

    /** The address the pages load it from. */
    static String src() {
        return ASSET.src();
    }

    static String text() {
        return new String(BYTES, StandardCharsets.UTF_8);
    }
}
