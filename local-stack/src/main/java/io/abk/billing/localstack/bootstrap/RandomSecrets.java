package io.abk.billing.localstack.bootstrap;

import java.security.SecureRandom;
import java.util.Base64;

/** Random secrets in base62, so they paste into shells and headers without quoting. */
final class RandomSecrets {

    /** 40 base62 characters carry about 238 bits: far beyond guessing, and API keys need at least 32. */
    static final int LENGTH = 40;

    static final String TEST_KEY_PREFIX = "abk_test_";
    static final String LIVE_KEY_PREFIX = "abk_live_";

    private static final char[] BASE62 = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz".toCharArray();
    private static final SecureRandom RANDOM = new SecureRandom();

    private RandomSecrets() {}

    static String adminToken() {
        return base62(LENGTH);
    }

    static String testKey() {
        return TEST_KEY_PREFIX + base62(LENGTH);
    }

    static String liveKey() {
        return LIVE_KEY_PREFIX + base62(LENGTH);
    }

    /** The demo owner's dashboard password: 20 letters and digits, typed from the banner. */
    static String ownerPassword() {
        return base62(20);
    }

    /** A sealing key for BILLING_SECRETS_KEYS: the base64 of 32 random bytes (AES-256). */
    static String sealingKey() {
        var key = new byte[32];
        RANDOM.nextBytes(key);
        return Base64.getEncoder().encodeToString(key);
    }

    static String base62(int length) {
        var out = new char[length];
        for (int i = 0; i < length; i++) {
            out[i] = BASE62[RANDOM.nextInt(BASE62.length)];
        }
        return new String(out);
    }
}
