package io.abk.billing.gateway.testkit;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.net.Socket;
import java.nio.charset.StandardCharsets;

/** Requests and bodies written byte for byte, for the tests of what the HTTP layer does with them. */
public final class RawBytes {

    private RawBytes() {}

    /** Sends {@code request} on a connection of its own and reads everything until the server closes it. */
    public static String exchange(int port, String request) throws IOException {
        try (var socket = new Socket("localhost", port)) {
            socket.setSoTimeout(10_000);
            socket.getOutputStream().write(request.getBytes(StandardCharsets.ISO_8859_1));
            socket.getOutputStream().flush();
            var out = new ByteArrayOutputStream();
            socket.getInputStream().transferTo(out);
            return out.toString(StandardCharsets.ISO_8859_1);
        }
    }

    /** The bytes of {@code "C0 AF"}: two hexadecimal digits each, separated by one space. */
    public static byte[] hex(String spaced) {
        var parts = spaced.split(" ");
        var bytes = new byte[parts.length];
        for (int i = 0; i < parts.length; i++) {
            bytes[i] = (byte) Integer.parseInt(parts[i], 16);
        }
        return bytes;
    }

    public static byte[] concat(byte[]... parts) {
        var out = new ByteArrayOutputStream();
        for (var part : parts) {
            out.writeBytes(part);
        }
        return out.toByteArray();
    }
}
