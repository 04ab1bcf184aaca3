package io.abk.billing.gateway.checkout;

import io.abk.billing.opskit.digest.Sha256;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.HexFormat;
import org.springframework.core.io.ClassPathResource;

/**
 * The checkout pages' one script ({@code checkout/checkout.js} on the class path, plain browser JavaScript with no
 * dependencies and no build step), read once, with its version: the first 16 hex digits of its SHA-256. The pages ask
 * for {@link #PATH}{@code ?v=}{@link #VERSION}, so a browser may keep a version for a year and a deployment that
 * changes the script changes the address.
 */
final class CheckoutScript {

    static final String RESOURCE = "checkout/checkout.js";
    static final String PATH = "/checkout/assets/checkout.js";
    static final byte[] BYTES = load();
    static final String VERSION = version(BYTES);

    private CheckoutScript() {}

    /** The address the pages load it from. */
    static String src() {
        return PATH + "?v=" + VERSION;
    }

    private static byte[] load() {
        try (var in = new ClassPathResource(RESOURCE).getInputStream()) {
            return in.readAllBytes();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read the checkout script " + RESOURCE + " from the class path", e);
        }
    }

    private static String version(byte[] bytes) {
        return HexFormat.of().formatHex(Sha256.of(bytes)).substring(0, 16);
    }

    static String text() {
        return new String(BYTES, StandardCharsets.UTF_8);
    }
}
