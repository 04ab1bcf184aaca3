package io.abk.billing.schemas.ids;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.Locale;

/**
 * The body of an id derived from what identifies a resource rather than minted: 26 lower-case Crockford base32
 * characters, the first 130 bits of SHA-256 over a kind and its parts (the mode in lower case). The same parts always
 * give the same id, so the resource has exactly one Kafka key, whose one writer keeps it unique without an index.
 */
final class HashedIds {

    private static final char[] ALPHABET = "0123456789abcdefghjkmnpqrstvwxyz".toCharArray();
    private static final int BODY_LENGTH = 26;

    private HashedIds() {}

    /** The body for {@code kind} of {@code merchantId} in {@code mode} ({@code test} or {@code live}) named by {@code name}. */
    static String body(String kind, String merchantId, String mode, String name) {
        var digest = sha256(kind + "\n" + merchantId + "\n" + mode.toLowerCase(Locale.ROOT) + "\n" + name);
        var body = new char[BODY_LENGTH];
        // 26 characters of 5 bits: bits 0..129 of the digest, most significant first.
        for (int i = 0; i < BODY_LENGTH; i++) {
            int value = 0;
            for (int bit = 0; bit < 5; bit++) {
                int index = i * 5 + bit;
                int set = (digest[index / 8] >> (7 - index % 8)) & 1;
                value = (value << 1) | set;
            }
            body[i] = ALPHABET[value];
        }
        return new String(body);
    }

    private static byte[] sha256(String text) {
        try {
            return MessageDigest.getInstance("SHA-256").digest(text.getBytes(StandardCharsets.UTF_8));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is part of every JDK", e);
        }
    }
}
