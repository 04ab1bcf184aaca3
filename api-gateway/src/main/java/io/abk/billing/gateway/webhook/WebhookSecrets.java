package io.abk.billing.gateway.webhook;

import java.security.SecureRandom;
import java.util.Base64;

/** New signing secrets: {@code whsec_} + base64 of 32 random bytes (DESIGN section 11, Standard Webhooks' shape). */
public final class WebhookSecrets {

    public static final String PREFIX = "whsec_";
    private static final int RANDOM_BYTES = 32;
    private static final SecureRandom RANDOM = new SecureRandom();

    private WebhookSecrets() {
    }

    public static String next() {
        var bytes = new byte[RANDOM_BYTES];
        RANDOM.nextBytes(bytes);
        return PREFIX + Base64.getEncoder().encodeToString(bytes);
    }
}
