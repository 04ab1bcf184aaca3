package io.abk.billing.webhookverify;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The signature headers of one delivery: {@code x-service-signature}, and the Standard Webhooks
 * {@code webhook-id}, {@code webhook-timestamp} and {@code webhook-signature}. Every delivery carries all four.
 */
public record WebhookHeaders(
        String serviceSignature, String webhookId, String webhookTimestamp, String webhookSignature) {

    public static final String SERVICE_SIGNATURE = "x-service-signature";
    public static final String WEBHOOK_ID = "webhook-id";
    public static final String WEBHOOK_TIMESTAMP = "webhook-timestamp";
    public static final String WEBHOOK_SIGNATURE = "webhook-signature";

    /**
     * Header name to value, in a fixed order (iteration follows the constants above), ready to copy onto an HTTP
     * request. A plain {@link Map} rather than a {@code SequencedMap}: the module compiles for Java 17.
     */
    public Map<String, String> asMap() {
        var headers = new LinkedHashMap<String, String>();
        headers.put(SERVICE_SIGNATURE, serviceSignature);
        headers.put(WEBHOOK_ID, webhookId);
        headers.put(WEBHOOK_TIMESTAMP, webhookTimestamp);
        headers.put(WEBHOOK_SIGNATURE, webhookSignature);
        return Collections.unmodifiableMap(headers);
    }
}
