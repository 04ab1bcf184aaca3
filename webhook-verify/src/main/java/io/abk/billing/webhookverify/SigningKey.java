package io.abk.billing.webhookverify;

import java.nio.charset.StandardCharsets;
import java.security.InvalidKeyException;
import java.security.NoSuchAlgorithmException;
import java.util.Base64;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

/**
 * The two HMAC-SHA256 keys one {@code whsec_} secret stands for: the whole secret string as UTF-8 for
 * {@code x-service-signature}, and the base64-decoded part after {@code whsec_} for the Standard Webhooks
 * {@code webhook-signature}. Derived once per secret; never printed.
 */
final class SigningKey {

    static final String PREFIX = "whsec_";
    private static final String ALGORITHM = "HmacSHA256";

    private final SecretKeySpec serviceKey;
    private final SecretKeySpec standardKey;

    private SigningKey(SecretKeySpec serviceKey, SecretKeySpec standardKey) {
        this.serviceKey = serviceKey;
        this.standardKey = standardKey;
    }

    /**
     * The keys of {@code secret}. A secret without the prefix, or whose rest is not base64, is a configuration
     * error of the caller, not a bad delivery: the message says what is wrong but never shows the secret.
     */
    static SigningKey of(String secret) {
        if (!secret.startsWith(PREFIX) || secret.length() == PREFIX.length()) {
            throw new IllegalArgumentException("a webhook secret starts with " + PREFIX + " followed by base64");
        }
        byte[] standard;
        try {
            standard = Base64.getDecoder().decode(secret.substring(PREFIX.length()));
        } catch (IllegalArgumentException notBase64) {
            throw new IllegalArgumentException("the part of a webhook secret after " + PREFIX + " is not base64");
        }
        if (standard.length == 0) {
            throw new IllegalArgumentException("the part of a webhook secret after " + PREFIX + " is empty");
        }
        return new SigningKey(
                new SecretKeySpec(secret.getBytes(StandardCharsets.UTF_8), ALGORITHM),
                new SecretKeySpec(standard, ALGORITHM));
    }

    /** HMAC-SHA256 of {@code "<t>.<body>"} under the whole secret. */
    byte[] serviceMac(long timestamp, byte[] body) {
        return mac(serviceKey, (timestamp + ".").getBytes(StandardCharsets.UTF_8), body);
    }

    /** HMAC-SHA256 of {@code "<id>.<timestamp>.<body>"} under the decoded secret. */
    byte[] standardMac(String id, long timestamp, byte[] body) {
        return mac(standardKey, (id + "." + timestamp + ".").getBytes(StandardCharsets.UTF_8), body);
    }

    private static byte[] mac(SecretKeySpec key, byte[] prefix, byte[] body) {
        try {
            var mac = Mac.getInstance(ALGORITHM);
            mac.init(key);
            mac.update(prefix);
            return mac.doFinal(body);
        } catch (NoSuchAlgorithmException | InvalidKeyException impossible) {
            // Every JDK ships HmacSHA256, and a non-empty raw key is always valid for it.
            throw new IllegalStateException("HmacSHA256 unavailable", impossible);
        }
    }

    @Override
    public String toString() {
        return "SigningKey[redacted]";
    }
}
