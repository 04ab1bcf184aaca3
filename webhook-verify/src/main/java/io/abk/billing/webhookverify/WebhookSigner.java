package io.abk.billing.webhookverify;

import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.Base64;
import java.util.HexFormat;
import java.util.List;

/**
 * Signs a delivery with the scheme of README.md, "Verifying webhooks"; the webhook sender's only implementation of it.
 * With several secrets (a rotation's overlap) each header carries one signature per secret, in the given order.
 */
public final class WebhookSigner {

    private static final HexFormat HEX = HexFormat.of();

    private final List<SigningKey> keys;

    private WebhookSigner(List<SigningKey> keys) {
        this.keys = keys;
    }

    /** A signer for the active secrets of one endpoint: one, or two during a rotation. */
    public static WebhookSigner of(List<String> secrets) {
        if (secrets.isEmpty()) {
            throw new IllegalArgumentException("at least one webhook secret is needed to sign");
        }
        return new WebhookSigner(secrets.stream().map(SigningKey::of).toList());
    }

    /** See {@link #of(List)}. */
    public static WebhookSigner of(String... secrets) {
        return of(List.of(secrets));
    }

    /** The four headers for {@code rawBody} of event {@code eventId} sent at {@code now} (whole seconds). */
    public WebhookHeaders sign(String eventId, byte[] rawBody, Instant now) {
        var timestamp = now.getEpochSecond();
        return new WebhookHeaders(
                serviceSignature(timestamp, rawBody),
                eventId,
                Long.toString(timestamp),
                standardSignature(eventId, timestamp, rawBody));
    }

    /** See {@link #sign(String, byte[], Instant)}; the body is encoded as UTF-8. */
    public WebhookHeaders sign(String eventId, String rawBody, Instant now) {
        return sign(eventId, rawBody.getBytes(StandardCharsets.UTF_8), now);
    }

    /** {@code t=<timestamp>,v1=<hex>[,v1=<hex>...]}. */
    String serviceSignature(long timestamp, byte[] rawBody) {
        var header = new StringBuilder("t=").append(timestamp);
        for (var key : keys) {
            header.append(",v1=").append(HEX.formatHex(key.serviceMac(timestamp, rawBody)));
        }
        return header.toString();
    }

    /** {@code v1,<base64>[ v1,<base64>...]}. */
    String standardSignature(String eventId, long timestamp, byte[] rawBody) {
        var header = new StringBuilder();
        for (var key : keys) {
            if (!header.isEmpty()) {
                header.append(' ');
            }
            header.append("v1,")
                    .append(Base64.getEncoder().encodeToString(key.standardMac(eventId, timestamp, rawBody)));
        }
        return header.toString();
    }
}
