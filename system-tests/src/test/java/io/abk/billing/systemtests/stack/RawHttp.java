package io.abk.billing.systemtests.stack;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Locale;

/**
 * HTTP/1.1 over a plain socket, for requests a client library will not send (bytes that are no UTF-8 in the request
 * line or a header, broken framing): writes the given bytes as they are and reads one answer within a deadline.
 */
final class RawHttp {

    /**
     * What came back: the status (-1 when the server closed without a byte), the body (de-chunked), and whether the
     * deadline passed first.
     */
    record Answer(int status, String body, boolean timedOut) {}

    private RawHttp() {}

    static Answer exchange(String host, int port, byte[] request, Duration deadline) throws IOException {
        long end = System.nanoTime() + deadline.toNanos();
        try (var socket = new Socket()) {
            socket.connect(new InetSocketAddress(host, port), (int) deadline.toMillis());
            socket.getOutputStream().write(request);
            socket.getOutputStream().flush();
            var in = socket.getInputStream();
            var received = new ByteArrayOutputStream();
            var buffer = new byte[8192];
            while (true) {
                long left = (end - System.nanoTime()) / 1_000_000;
                if (left <= 0) {
                    return new Answer(status(received.toByteArray()), "", true);
                }
                socket.setSoTimeout((int) Math.max(1, left));
                int read;
                try {
                    read = in.read(buffer);
                } catch (SocketTimeoutException e) {
                    return new Answer(status(received.toByteArray()), "", true);
                } catch (IOException e) {
                    // Reset by the server after it answered (it closes on a request it could not parse): keep what
                    // came.
                    read = -1;
                }
                if (read < 0) {
                    break;
                }
                received.write(buffer, 0, read);
                var complete = complete(received.toByteArray());
                if (complete != null) {
                    return complete;
                }
            }
            var all = received.toByteArray();
            var complete = complete(all);
            return complete != null ? complete : new Answer(status(all), body(all), false);
        }
    }

    /** The answer when {@code bytes} hold a whole one (by Content-Length or the last chunk); else null. */
    private static Answer complete(byte[] bytes) {
        var text = new String(bytes, StandardCharsets.ISO_8859_1);
        int headEnd = text.indexOf("\r\n\r\n");
        if (headEnd < 0) {
            return null;
        }
        var head = text.substring(0, headEnd).toLowerCase(Locale.ROOT);
        var rest = text.substring(headEnd + 4);
        int lengthAt = head.indexOf("\ncontent-length:");
        if (lengthAt >= 0) {
            int lineEnd = head.indexOf('\r', lengthAt + 1);
            var length = Integer.parseInt(head.substring(lengthAt + 16, lineEnd < 0 ? head.length() : lineEnd)
                    .strip());
            if (rest.length() >= length) {
                return new Answer(status(bytes), utf8(rest.substring(0, length)), false);
            }
            return null;
        }
        if (head.contains("\ntransfer-encoding: chunked") && rest.contains("0\r\n\r\n")) {
            return new Answer(status(bytes), utf8(dechunk(rest)), false);
        }
        return null;
    }

    private static int status(byte[] bytes) {
        var text = new String(bytes, StandardCharsets.ISO_8859_1);
        if (!text.startsWith("HTTP/1.") || text.length() < 12) {
            return -1;
        }
        return Integer.parseInt(text.substring(9, 12));
    }

    private static String body(byte[] bytes) {
        var text = new String(bytes, StandardCharsets.ISO_8859_1);
        int headEnd = text.indexOf("\r\n\r\n");
        return headEnd < 0 ? "" : utf8(text.substring(headEnd + 4));
    }

    private static String dechunk(String chunked) {
        var out = new StringBuilder();
        int at = 0;
        while (at < chunked.length()) {
            int lineEnd = chunked.indexOf("\r\n", at);
            if (lineEnd < 0) {
                break;
            }
            int size = Integer.parseInt(
                    chunked.substring(at, lineEnd).split(";")[0].strip(), 16);
            if (size == 0) {
                break;
            }
            out.append(chunked, lineEnd + 2, Math.min(chunked.length(), lineEnd + 2 + size));
            at = lineEnd + 2 + size + 2;
        }
        return out.toString();
    }

    private static String utf8(String latin1) {
        return new String(latin1.getBytes(StandardCharsets.ISO_8859_1), StandardCharsets.UTF_8);
    }
}
