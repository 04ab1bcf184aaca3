package io.abk.billing.gateway.platform.web;

import io.nayuki.qrcodegen.QrCode;

/**
 * A QR code as inline SVG markup for a server-rendered page: one path of dark modules on a light square, with the
 * quiet zone the standard asks for, scaled by the page's CSS. Inline SVG needs nothing from a Content Security Policy
 * (no image source, no script), and the markup holds only numbers and the escaped label.
 */
public final class QrSvg {

    /** Light modules around the code, as the QR standard asks (four). */
    private static final int QUIET_ZONE = 4;

    private QrSvg() {}

    /**
     * The SVG element encoding {@code text} with medium error correction (a smudged screen still scans), labelled for
     * screen readers by {@code label}.
     *
     * @throws IllegalArgumentException when the text is too long for any QR code (about 2,300 characters)
     */
    public static String of(String text, String label) {
        QrCode code;
        try {
            code = QrCode.encodeText(text, QrCode.Ecc.MEDIUM);
        } catch (io.nayuki.qrcodegen.DataTooLongException e) {
            throw new IllegalArgumentException("too long for a QR code: " + text.length() + " characters", e);
        }
        int side = code.size + 2 * QUIET_ZONE;
        var dark = new StringBuilder(code.size * code.size * 4);
        for (int y = 0; y < code.size; y++) {
            for (int x = 0; x < code.size; x++) {
                if (code.getModule(x, y)) {
                    dark.append('M')
                            .append(x + QUIET_ZONE)
                            .append(',')
                            .append(y + QUIET_ZONE)
                            .append("h1v1h-1z");
                }
            }
        }
        return "<svg xmlns=\"http://www.w3.org/2000/svg\" class=\"qr\" viewBox=\"0 0 " + side + " " + side
                + "\" role=\"img\" aria-label=\"" + Html.escape(label) + "\" shape-rendering=\"crispEdges\">"
                + "<rect width=\"100%\" height=\"100%\" fill=\"#fff\"/><path d=\"" + dark + "\" fill=\"#000\"/></svg>";
    }
}
