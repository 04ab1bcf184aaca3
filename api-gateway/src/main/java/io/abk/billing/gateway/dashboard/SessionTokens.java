package io.abk.billing.gateway.dashboard;

import io.abk.billing.opskit.digest.Sha256;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.SecureRandom;
import java.util.Base64;

/** The random secrets of a session (its cookie's token, its CSRF token) and the hash under which a token is kept. */
final class SessionTokens {

    /** 256 bits: as hard to guess as the hash that keeps it. */
    private static final int BYTES = 32;

    private static final SecureRandom RANDOM = new SecureRandom();

    private SessionTokens() {}

    /** A fresh token, URL-safe base64 without padding (43 characters). */
    static String next() {
        var bytes = new byte[BYTES];
        RANDOM.nextBytes(bytes);
        return Base64.getUrlEncoder().withoutPadding().encodeToString(bytes);
    }

    /** SHA-256 of a token: what the table keeps and looks up by. */
    static byte[] hash(String token) {
        return Sha256.of(token, StandardCharsets.US_ASCII);
    }

    /** Whether two tokens are equal, in a time that does not depend on where they differ. */
    static boolean same(String expected, String presented) {
        return MessageDigest.isEqual(
                expected.getBytes(StandardCharsets.US_ASCII), presented.getBytes(StandardCharsets.US_ASCII));
    }
}
