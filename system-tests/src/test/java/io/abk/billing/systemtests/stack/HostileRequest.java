package io.abk.billing.systemtests.stack;

import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Set;

/**
 * One generated hostile request: what it aims at and what is wrong with it ({@code defects}), and either its parts
 * (method, request target, headers, body) for the JDK client, and its exact bytes ({@code wire}) for a raw socket,
 * which sends it where a client would refuse to (invalid UTF-8 in the request line or a header, broken framing).
 *
 * @param index   its number in the run: with the seed it is all that is needed to make it again
 * @param route   the route it was made from ({@code METHOD /template})
 * @param defects what was done to it, in order; {@code refused:} ones alone make the gateway refuse it
 * @param socket  whether it goes out on a raw socket as {@code wire}
 * @param refused whether the gateway must refuse it (no 2xx): true for every request of a state-changing method
 * @param framing whether its bytes break HTTP/1.1 framing or syntax, so the server's HTTP codec may answer a bare
 *                4xx (or close) before the API sees it
 * @param htmlErrors whether its route refuses with an HTML page (a checkout page), not JSON
 */
record HostileRequest(
        int index,
        String route,
        List<String> defects,
        String method,
        String target,
        List<Header> headers,
        byte[] body,
        byte[] wire,
        boolean socket,
        boolean refused,
        boolean framing,
        boolean htmlErrors) {

    /** One header as sent: its name and value bytes (ISO-8859-1 for the client, raw on the socket). */
    record Header(String name, byte[] value) {

        static Header of(String name, String value) {
            return new Header(name, value.getBytes(StandardCharsets.UTF_8));
        }

        String text() {
            return new String(value, StandardCharsets.ISO_8859_1);
        }
    }

    /** Methods that never change state, so a 2xx to them is no harm. */
    static final Set<String> SAFE_METHODS = Set.of("GET", "HEAD", "OPTIONS");

    /** A short, printable description for a failure message: non-printable bytes as {@code \xNN}, long parts cut. */
    String describe() {
        var text = new StringBuilder();
        text.append('#')
                .append(index)
                .append(' ')
                .append(route)
                .append(" defects=")
                .append(defects)
                .append(socket ? " (raw socket)" : "")
                .append('\n');
        if (socket) {
            text.append("  wire: ").append(printable(wire, 1200));
            return text.toString();
        }
        text.append("  ")
                .append(method)
                .append(' ')
                .append(shorten(target, 400))
                .append('\n');
        for (var header : headers) {
            text.append("  ")
                    .append(header.name())
                    .append(": ")
                    .append(printable(header.value(), 200))
                    .append('\n');
        }
        if (body.length > 0) {
            text.append("  body (").append(body.length).append(" bytes): ").append(printable(body, 600));
        }
        return text.toString();
    }

    static String printable(byte[] bytes, int max) {
        var out = new StringBuilder();
        for (int i = 0; i < bytes.length && out.length() < max; i++) {
            int b = bytes[i] & 0xff;
            if (b >= 0x20 && b < 0x7f && b != '\\') {
                out.append((char) b);
            } else if (b == '\r') {
                out.append("\\r");
            } else if (b == '\n') {
                out.append("\\n");
            } else {
                out.append(String.format("\\x%02x", b));
            }
        }
        if (out.length() >= max) {
            out.append("... (").append(bytes.length).append(" bytes)");
        }
        return out.toString();
    }

    static String shorten(String text, int max) {
        return text.length() <= max ? text : text.substring(0, max) + "... (" + text.length() + " characters)";
    }
}
