package io.abk.billing.webhookverify;

import java.security.SecureRandom;
import java.util.Base64;

/** Makes webhook signing secrets: {@code whsec_} followed by the base64 of 32 random bytes. */
public final class WebhookSecrets {

    /** 256 bits: as long as the HMAC-SHA256 output, so the key is never the weaker part. */
    static final int RANDOM_BYTES = 32;

    private static final SecureRandom RANDOM = new SecureRandom();

    private WebhookSecrets() {}

    /** A new secret from a shared {@link SecureRandom} (thread-safe). */
    public static String generate() {
        var bytes = new byte[RANDOM_BYTES];
        RANDOM.nextBytes(bytes);
        return SigningKey.PREFIX + Base64.getEncoder().encodeToString(bytes);
    }
}
