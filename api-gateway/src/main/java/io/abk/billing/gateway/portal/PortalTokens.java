package io.abk.billing.gateway.portal;

import io.abk.billing.opskit.digest.Sha256;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.SecureRandom;
import java.util.Base64;

/**
 * The portal's random secrets (a link's token, a session's token and CSRF token, a sign-in nonce) and the hash under
 * which a token is kept.
 */
final class PortalTokens {

    /** 256 bits: as hard to guess as the hash that keeps it. */
    private static final int BYTES = 32;

    private static final SecureRandom RANDOM = new SecureRandom();

    private PortalTokens() {}

    /** A fresh token, URL-safe base64 without padding (43 characters). */
    static String next() {
        var bytes = new byte[BYTES];
        RANDOM.nextBytes(bytes);
        return Base64.getUrlEncoder().withoutPadding().encodeToString(bytes);
    }

    /**
     * A Sign-In with Ethereum nonce: EIP-4361 allows letters and digits only, at least eight; 128 bits in 32 hex
     * digits.
     */
    static String nonce() {
        var bytes = new byte[16];
        RANDOM.nextBytes(bytes);
        return java.util.HexFormat.of().formatHex(bytes);
    }

    /** SHA-256 of a token: what the tables keep and look up by. */
    static byte[] hash(String token) {
        return Sha256.of(token, StandardCharsets.US_ASCII);
    }

    /** Whether two tokens are equal, in a time that does not depend on where they differ. */
    static boolean same(String expected, String presented) {
        return MessageDigest.isEqual(
                expected.getBytes(StandardCharsets.US_ASCII), presented.getBytes(StandardCharsets.US_ASCII));
    }
}
