package io.abk.billing.client.service;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.abk.billing.client.SignatureVerificationException;
import io.abk.billing.client.model.Event;
import io.abk.billing.webhookverify.WebhookHeaders;
import io.abk.billing.webhookverify.WebhookVerificationException;
import io.abk.billing.webhookverify.WebhookVerifier;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import org.jspecify.annotations.Nullable;

/**
 * Verifies a webhook delivery with webhook-verify's one implementation of the two signature schemes, then reads the
 * event. Whichever scheme's headers are present is checked; when both are, both must verify.
 */
public final class Webhooks {

    /** Five minutes, webhook-verify's default: clock skew and a slow network, short enough to expire a replay. */
    public static final Duration DEFAULT_TOLERANCE = WebhookVerifier.DEFAULT_TOLERANCE;

    private final ObjectMapper json;

    public Webhooks(ObjectMapper json) {
        this.json = json;
    }

    /** See {@link #constructEvent(String, Map, String, Duration)}, with the five-minute tolerance. */
    public Event constructEvent(String payload, Map<String, String> headers, String secret) {
        return constructEvent(payload.getBytes(StandardCharsets.UTF_8), headers, secret, DEFAULT_TOLERANCE);
    }

    /**
     * The event of a delivery whose signature is valid under {@code secret} and whose timestamp is within
     * {@code tolerance} of now. {@code payload} is the raw body exactly as received; header names in any case.
     *
     * @throws SignatureVerificationException a missing or malformed header, a wrong signature, an old timestamp
     */
    public Event constructEvent(String payload, Map<String, String> headers, String secret, Duration tolerance) {
        return constructEvent(payload.getBytes(StandardCharsets.UTF_8), headers, secret, tolerance);
    }

    /** See {@link #constructEvent(String, Map, String, Duration)}, for a body kept as bytes. */
    public Event constructEvent(byte[] payload, Map<String, String> headers, String secret, Duration tolerance) {
        var named = new TreeMap<String, String>(String.CASE_INSENSITIVE_ORDER);
        headers.forEach((name, value) -> named.put(name.toLowerCase(Locale.ROOT), value));
        var verifier = WebhookVerifier.of(secret).withTolerance(tolerance);
        var service = named.get(WebhookHeaders.SERVICE_SIGNATURE);
        var standard = named.get(WebhookHeaders.WEBHOOK_SIGNATURE);
        if (blank(service) && blank(standard)) {
            throw new SignatureVerificationException(
                    WebhookVerificationException.Reason.MISSING_HEADER,
                    "neither " + WebhookHeaders.SERVICE_SIGNATURE + " nor " + WebhookHeaders.WEBHOOK_SIGNATURE
                            + " is present");
        }
        try {
            if (!blank(service)) {
                verifier.verify(payload, service);
            }
            if (!blank(standard)) {
                verifier.verifyStandard(
                        payload,
                        named.get(WebhookHeaders.WEBHOOK_ID),
                        named.get(WebhookHeaders.WEBHOOK_TIMESTAMP),
                        standard);
            }
        } catch (WebhookVerificationException unverified) {
            throw new SignatureVerificationException(unverified);
        }
        try {
            return json.readValue(payload, Event.class);
        } catch (IOException notAnEvent) {
            throw new IllegalArgumentException(
                    "the verified payload is not an event: " + notAnEvent.getMessage(), notAnEvent);
        }
    }

    private static boolean blank(@Nullable String value) {
        return value == null || value.isBlank();
    }
}
