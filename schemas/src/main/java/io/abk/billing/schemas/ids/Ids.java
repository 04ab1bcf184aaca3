package io.abk.billing.schemas.ids;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.security.SecureRandom;
import java.time.Instant;
import java.util.regex.Pattern;

/**
 * Mints ids of the form {@code <prefix>_<26 chars>}: 48 bits of milliseconds then 80 bits of randomness, in
 * lower-case Crockford base32 (a ULID). Ids sort by creation time byte-wise (use {@code COLLATE "C"} in
 * PostgreSQL), are URL-safe, and cannot be guessed from another id.
 */
public final class Ids {

    private static final char[] ALPHABET = "0123456789abcdefghjkmnpqrstvwxyz".toCharArray();
    private static final int BODY_LENGTH = 26;
    private static final Pattern BODY = Pattern.compile("[0-9a-hjkmnp-tv-z]{26}");
    private static final SecureRandom RANDOM = new SecureRandom();

    private Ids() {}

    /** A new random id stamped with {@code now}. */
    public static String newId(IdPrefix prefix, Instant now) {
        var random = new byte[10];
        RANDOM.nextBytes(random);
        return prefix.withSeparator() + encode(now.toEpochMilli(), random);
    }

    /**
     * A deterministic id: the same (prefix, time, seed) always gives the same id. For things minted while
     * processing a command (so a reprocessed command mints the same ids) and for ids derived from a source id.
     * The seed must itself be unguessable (it contains a random command id), or the id is guessable.
     */
    public static String derivedId(IdPrefix prefix, Instant time, String seed) {
        var digest = sha256(prefix.withSeparator() + seed);
        var random = new byte[10];
        System.arraycopy(digest, 0, random, 0, random.length);
        return prefix.withSeparator() + encode(time.toEpochMilli(), random);
    }

    /** True when {@code id} has the given prefix and a well-formed body. */
    public static boolean isWellFormed(IdPrefix prefix, String id) {
        var separator = prefix.withSeparator();
        return id.startsWith(separator)
                && id.length() == separator.length() + BODY_LENGTH
                && BODY.matcher(id.substring(separator.length())).matches();
    }

    private static String encode(long millis, byte[] random) {
        var out = new char[BODY_LENGTH];
        // 48-bit time in the first 10 characters (50 bits, the top two always zero for centuries to come).
        long time = millis & 0xFFFF_FFFF_FFFFL;
        for (int i = 9; i >= 0; i--) {
            out[i] = ALPHABET[(int) (time & 31)];
            time >>>= 5;
        }
        // 80 random bits in the last 16 characters.
        long high = ((random[0] & 0xFFL) << 32)
                | ((random[1] & 0xFFL) << 24)
                | ((random[2] & 0xFFL) << 16)
                | ((random[3] & 0xFFL) << 8)
                | (random[4] & 0xFFL);
        long low = ((random[5] & 0xFFL) << 32)
                | ((random[6] & 0xFFL) << 24)
                | ((random[7] & 0xFFL) << 16)
                | ((random[8] & 0xFFL) << 8)
                | (random[9] & 0xFFL);
        for (int i = 17; i >= 10; i--) {
            out[i] = ALPHABET[(int) (high & 31)];
            high >>>= 5;
        }
        for (int i = 25; i >= 18; i--) {
            out[i] = ALPHABET[(int) (low & 31)];
            low >>>= 5;
        }
        return new String(out);
    }

    private static byte[] sha256(String text) {
        try {
            return MessageDigest.getInstance("SHA-256").digest(text.getBytes(StandardCharsets.UTF_8));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is part of every JDK", e);
        }
    }
}
