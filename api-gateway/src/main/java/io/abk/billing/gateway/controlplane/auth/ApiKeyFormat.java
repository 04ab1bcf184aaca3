package io.abk.billing.gateway.controlplane.auth;

import io.abk.billing.opskit.digest.Sha256;
import io.abk.billing.schemas.avro.Mode;
import java.nio.charset.StandardCharsets;
import java.security.SecureRandom;
import java.util.regex.Pattern;

/**
 * The shape of API keys: {@code abk_test_} or {@code abk_live_} plus at least 32 base62 characters (we mint
 * 40, about 238 random bits). Only the SHA-256 of the whole key is ever stored; a fast hash is right because
 * the key itself has far too much entropy to guess, so a slow password hash would only add latency to every
 * request.
 */
public final class ApiKeyFormat {

    private static final Pattern KEY = Pattern.compile("^abk_(test|live)_[A-Za-z0-9]{32,}$");
    private static final char[] BASE62 = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz".toCharArray();
    private static final int RANDOM_CHARS = 40;
    private static final SecureRandom RANDOM = new SecureRandom();

    private ApiKeyFormat() {}

    public static boolean isWellFormed(String key) {
        return KEY.matcher(key).matches();
    }

    /** The mode a well-formed key's prefix names. */
    public static Mode modeOf(String key) {
        return key.startsWith("abk_live_") ? Mode.LIVE : Mode.TEST;
    }

    public static String prefix(Mode mode) {
        return "abk_" + modeText(mode) + "_";
    }

    public static String generate(Mode mode) {
        var key = new StringBuilder(prefix(mode));
        for (int i = 0; i < RANDOM_CHARS; i++) {
            key.append(BASE62[RANDOM.nextInt(BASE62.length)]);
        }
        return key.toString();
    }

    public static byte[] hash(String key) {
        return Sha256.of(key, StandardCharsets.US_ASCII);
    }

    /** What may be shown of a key after creation: its prefix and last four characters. */
    public static String hint(String key) {
        return prefix(modeOf(key)) + "..." + key.substring(key.length() - 4);
    }

    public static String modeText(Mode mode) {
        return switch (mode) {
            case TEST -> "test";
            case LIVE -> "live";
        };
    }

    public static Mode parseMode(String text) {
        return switch (text) {
            case "test" -> Mode.TEST;
            case "live" -> Mode.LIVE;
            default -> throw new IllegalArgumentException("not a mode: " + text);
        };
    }
}
