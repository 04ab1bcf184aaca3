package io.abk.billing.webhookverify;

import static io.abk.billing.webhookverify.WebhookVerificationException.Reason.MISSING_HEADER;
import static io.abk.billing.webhookverify.WebhookVerificationException.Reason.NO_MATCHING_SIGNATURE;
import static io.abk.billing.webhookverify.WebhookVerificationException.Reason.TIMESTAMP_OUT_OF_TOLERANCE;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import org.jspecify.annotations.Nullable;

/**
 * Checks that a webhook delivery was signed with one of the endpoint's secrets and recently: either its
 * {@code x-service-signature} header or its Standard Webhooks headers (README.md, "Verifying webhooks"). Pass the raw
 * body exactly as received, before any JSON parsing. Immutable and thread-safe; build one per endpoint.
 *
 * <pre>{@code
 * var verifier = WebhookVerifier.of(System.getenv("WEBHOOK_SECRET"));
 * verifier.verify(rawBody, request.getHeader("x-service-signature")); // throws WebhookVerificationException
 * }</pre>
 */
public final class WebhookVerifier {

    /** Five minutes: room for clock skew and a slow network, short enough that a captured delivery soon expires. */
    public static final Duration DEFAULT_TOLERANCE = Duration.ofSeconds(300);

    private final List<SigningKey> keys;
    private final Duration tolerance;
    private final Clock clock;

    private WebhookVerifier(List<SigningKey> keys, Duration tolerance, Clock clock) {
        this.keys = keys;
        this.tolerance = tolerance;
        this.clock = clock;
    }

    /** A verifier accepting a signature by any of {@code secrets} (two during a rotation), 300 s tolerance. */
    public static WebhookVerifier of(List<String> secrets) {
        if (secrets.isEmpty()) {
            throw new IllegalArgumentException("at least one webhook secret is needed to verify");
        }
        return new WebhookVerifier(secrets.stream().map(SigningKey::of).toList(), DEFAULT_TOLERANCE, Clock.systemUTC());
    }

    /** See {@link #of(List)}. */
    public static WebhookVerifier of(String... secrets) {
        return of(List.of(secrets));
    }

    /** The same verifier with another tolerance around now. */
    public WebhookVerifier withTolerance(Duration tolerance) {
        if (tolerance.isNegative()) {
            throw new IllegalArgumentException("the tolerance cannot be negative: " + tolerance);
        }
        return new WebhookVerifier(keys, tolerance, clock);
    }

    /** The same verifier reading now from {@code clock} (a fixed clock in tests). */
    public WebhookVerifier withClock(Clock clock) {
        return new WebhookVerifier(keys, tolerance, clock);
    }

    /**
     * Verifies {@code x-service-signature: t=<unix seconds>,v1=<hex>[,v1=<hex>...]}: any {@code v1} matching is
     * enough. Returns the signed time.
     */
    public Instant verify(byte[] rawBody, @Nullable String signatureHeader) throws WebhookVerificationException {
        var header = ServiceSignatureHeader.parse(present(WebhookHeaders.SERVICE_SIGNATURE, signatureHeader));
        var matched = keys.stream()
                .anyMatch(key -> anyEqual(header.signatures(), key.serviceMac(header.timestamp(), rawBody)));
        return recent(matched, header.timestamp(), WebhookHeaders.SERVICE_SIGNATURE);
    }

    /** See {@link #verify(byte[], String)}; the body is the received text, encoded back to UTF-8. */
    public Instant verify(String rawBody, @Nullable String signatureHeader) throws WebhookVerificationException {
        return verify(rawBody.getBytes(StandardCharsets.UTF_8), signatureHeader);
    }

    /**
     * Verifies the Standard Webhooks headers {@code webhook-id}, {@code webhook-timestamp} and
     * {@code webhook-signature: v1,<base64>[ v1,<base64>...]}. Returns the signed time.
     */
    public Instant verifyStandard(
            byte[] rawBody,
            @Nullable String webhookId,
            @Nullable String webhookTimestamp,
            @Nullable String webhookSignature)
            throws WebhookVerificationException {
        var id = present(WebhookHeaders.WEBHOOK_ID, webhookId);
        var timestamp = ServiceSignatureHeader.seconds(
                WebhookHeaders.WEBHOOK_TIMESTAMP, present(WebhookHeaders.WEBHOOK_TIMESTAMP, webhookTimestamp));
        var signatures = StandardSignatureHeader.parse(present(WebhookHeaders.WEBHOOK_SIGNATURE, webhookSignature));
        var matched = keys.stream().anyMatch(key -> anyEqual(signatures, key.standardMac(id, timestamp, rawBody)));
        return recent(matched, timestamp, WebhookHeaders.WEBHOOK_SIGNATURE);
    }

    /** See {@link #verifyStandard(byte[], String, String, String)}; the body is encoded back to UTF-8. */
    public Instant verifyStandard(
            String rawBody,
            @Nullable String webhookId,
            @Nullable String webhookTimestamp,
            @Nullable String webhookSignature)
            throws WebhookVerificationException {
        return verifyStandard(rawBody.getBytes(StandardCharsets.UTF_8), webhookId, webhookTimestamp, webhookSignature);
    }

    /**
     * The signature is checked before the time, so a forged delivery is reported as such whatever time it claims;
     * an authentic but old one is a replay.
     */
    private Instant recent(boolean matched, long timestamp, String header) throws WebhookVerificationException {
        if (!matched) {
            throw new WebhookVerificationException(
                    NO_MATCHING_SIGNATURE, header + " has no signature matching the body under the configured secrets");
        }
        var skew = Math.abs(clock.instant().getEpochSecond() - timestamp);
        if (skew > tolerance.toSeconds()) {
            throw new WebhookVerificationException(
                    TIMESTAMP_OUT_OF_TOLERANCE,
                    "signed at " + timestamp + ", " + skew + " s from now, beyond the tolerance of "
                            + tolerance.toSeconds() + " s");
        }
        return Instant.ofEpochSecond(timestamp);
    }

    /**
     * Compares every candidate in constant time per comparison; the loop does not stop at the first match, so the
     * time taken does not tell which candidate matched.
     */
    private static boolean anyEqual(List<byte[]> candidates, byte[] expected) {
        var matched = false;
        for (var candidate : candidates) {
            matched |= MessageDigest.isEqual(candidate, expected);
        }
        return matched;
    }

    private static String present(String name, @Nullable String value) throws WebhookVerificationException {
        if (value == null || value.isBlank()) {
            throw new WebhookVerificationException(MISSING_HEADER, name + " is missing");
        }
        return value.strip();
    }
}
