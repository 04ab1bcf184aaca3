package io.abk.billing.gateway.controlplane.user;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.security.SecureRandom;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * A member's one-time recovery codes, each usable once instead of an authenticator's code: {@link #COUNT} random codes
 * shown as {@code xxxx-xxxx-xxxx} in Crockford's base32 (no i, l, o or u, so none is misread), 60 bits each. Only a
 * SHA-256 of each is kept: a slow hash (Argon2id) guards guessable secrets such as passwords, and 60 random bits are
 * not guessable, so a fast hash is no shortcut to a code; it can also be looked up by the index, so using a code up is
 * one atomic {@code UPDATE}. The member's id is hashed with the code, so equal codes of two members hash apart.
 */
public final class RecoveryCodes {

    static final int COUNT = 10;
    private static final String ALPHABET = "0123456789abcdefghjkmnpqrstvwxyz";
    private static final int GROUPS = 3;
    private static final int GROUP_LENGTH = 4;
    private static final SecureRandom RANDOM = new SecureRandom();

    private RecoveryCodes() {}

    /** A new set of {@link #COUNT} codes, as the member is shown them. */
    static List<String> newSet() {
        var codes = new ArrayList<String>(COUNT);
        for (int i = 0; i < COUNT; i++) {
            var code = new StringBuilder();
            for (int group = 0; group < GROUPS; group++) {
                if (group > 0) {
                    code.append('-');
                }
                for (int at = 0; at < GROUP_LENGTH; at++) {
                    code.append(ALPHABET.charAt(RANDOM.nextInt(ALPHABET.length())));
                }
            }
            codes.add(code.toString());
        }
        return List.copyOf(codes);
    }

    /**
     * The code a member typed, as it is hashed: lower case, without hyphens or spaces, a misread i or l as 1 and o as
     * 0; empty when it is no recovery code at all (an authenticator's six digits, say).
     */
    static Optional<String> normalized(String typed) {
        var code = typed.strip()
                .toLowerCase(Locale.ROOT)
                .replace("-", "")
                .replace(" ", "")
                .replace('i', '1')
                .replace('l', '1')
                .replace('o', '0');
        if (code.length() != GROUPS * GROUP_LENGTH) {
            return Optional.empty();
        }
        for (int at = 0; at < code.length(); at++) {
            if (ALPHABET.indexOf(code.charAt(at)) < 0) {
                return Optional.empty();
            }
        }
        return Optional.of(code);
    }

    /** What is kept of member {@code userId}'s code (as {@link #normalized}). */
    static byte[] hash(String userId, String normalizedCode) {
        try {
            return MessageDigest.getInstance("SHA-256")
                    .digest((userId + ":" + normalizedCode).getBytes(StandardCharsets.UTF_8));
        } catch (NoSuchAlgorithmException impossible) {
            // Every JDK has SHA-256.
            throw new IllegalStateException(impossible);
        }
    }
}
