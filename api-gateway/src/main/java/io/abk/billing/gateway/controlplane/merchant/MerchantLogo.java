package io.abk.billing.gateway.controlplane.merchant;

import io.abk.billing.gateway.platform.web.ApiException;
import io.abk.billing.gateway.platform.web.ApiHeaders;
import io.abk.billing.gateway.platform.web.ErrorCodes;
import io.abk.billing.opskit.digest.Sha256;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.Locale;
import org.jspecify.annotations.Nullable;

/**
 * A merchant's logo as uploaded ({@code PUT /v1/account/logo}): a PNG or a JPEG of at most {@link #MAX_BYTES} whose
 * first bytes are that format's signature, with its SHA-256 (hex). SVG is refused: an image that is a document can
 * carry script. The bytes are the stored ones; never change the array.
 */
public record MerchantLogo(String contentType, byte[] bytes, String sha256) {

    public static final String PNG = "image/png";
    public static final String JPEG = "image/jpeg";

    /** 256 KiB: a checkout page's logo is a small image; a larger upload is refused before it is read whole. */
    public static final int MAX_BYTES = ApiHeaders.MAX_LOGO_BYTES;

    private static final byte[] PNG_SIGNATURE = {(byte) 0x89, 'P', 'N', 'G', '\r', '\n', 0x1a, '\n'};
    private static final byte[] JPEG_SIGNATURE = {(byte) 0xff, (byte) 0xd8, (byte) 0xff};

    /**
     * The logo's type from the request's {@code Content-Type} (parameters ignored): 415 {@code unsupported_media_type}
     * for one other than PNG or JPEG.
     */
    public static String type(@Nullable String declaredType) {
        var type = declaredType == null
                ? ""
                : declaredType.split(";", 2)[0].strip().toLowerCase(Locale.ROOT);
        if (!PNG.equals(type) && !JPEG.equals(type)) {
            throw new ApiException(
                    415,
                    ErrorCodes.UNSUPPORTED_MEDIA_TYPE,
                    "A logo is sent as image/png or image/jpeg (SVG is not taken: it can carry script)");
        }
        return type;
    }

    /**
     * The upload of {@code bytes} of {@code type} (one {@link #type} gave): 413 {@code payload_too_large} past the
     * limit, 400 {@code invalid_request} for an empty body or bytes that do not start with that format's signature.
     */
    public static MerchantLogo of(String type, byte[] bytes) {
        var signature = PNG.equals(type) ? PNG_SIGNATURE : JPEG_SIGNATURE;
        if (bytes.length > MAX_BYTES) {
            throw tooLarge();
        }
        if (bytes.length == 0) {
            throw ApiException.badRequest(ErrorCodes.INVALID_REQUEST, "The logo is empty: send the image as the body");
        }
        if (bytes.length < signature.length || !Arrays.equals(Arrays.copyOf(bytes, signature.length), signature)) {
            throw ApiException.badRequest(
                    ErrorCodes.INVALID_REQUEST,
                    "The body is not a " + (PNG.equals(type) ? "PNG" : "JPEG") + " image, as its Content-Type says");
        }
        return new MerchantLogo(type, bytes, HexFormat.of().formatHex(Sha256.of(bytes)));
    }

    public static ApiException tooLarge() {
        return new ApiException(
                413, ErrorCodes.PAYLOAD_TOO_LARGE, "A logo may be at most " + MAX_BYTES + " bytes (256 KiB)");
    }
}
