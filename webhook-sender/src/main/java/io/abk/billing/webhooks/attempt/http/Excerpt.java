package io.abk.billing.webhooks.attempt.http;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import reactor.core.publisher.Mono;
import reactor.netty.ByteBufFlux;

/**
 * The start of a response body for the delivery log: the first {@link #MAX_CHARS} characters, read from at most
 * {@link #MAX_BYTES} bytes so a huge or endless body costs nothing (the rest is never read).
 */
public final class Excerpt {

    public static final int MAX_CHARS = 1024;
    /** UTF-8 needs at most 4 bytes per code point, so 4 KiB always holds 1,024 characters. */
    static final int MAX_BYTES = 4 * MAX_CHARS;

    private Excerpt() {}

    static Mono<String> read(ByteBufFlux body) {
        return body.asByteArray()
                .scan(new byte[0], Excerpt::append)
                .takeUntil(bytes -> bytes.length >= MAX_BYTES)
                .last(new byte[0])
                .map(Excerpt::text);
    }

    /**
     * Decodes leniently (bad UTF-8 becomes U+FFFD), cuts at {@link #MAX_CHARS} without splitting a surrogate pair,
     * and replaces NUL, which a PostgreSQL text column refuses (an endpoint's odd body must not fail the log write).
     */
    public static String text(byte[] bytes) {
        var text = new String(bytes, StandardCharsets.UTF_8).replace('\0', '\uFFFD');
        if (text.length() <= MAX_CHARS) {
            return text;
        }
        var end = Character.isHighSurrogate(text.charAt(MAX_CHARS - 1)) ? MAX_CHARS - 1 : MAX_CHARS;
        return text.substring(0, end);
    }

    private static byte[] append(byte[] sofar, byte[] chunk) {
        var room = MAX_BYTES - sofar.length;
        var out = new ByteArrayOutputStream(sofar.length + Math.min(room, chunk.length));
        out.writeBytes(sofar);
        out.write(chunk, 0, Math.min(room, chunk.length));
        return out.toByteArray();
    }
}
