package io.abk.billing.webhookverify;

import static io.abk.billing.webhookverify.ServiceSignatureVerificationTest.assertFails;
import static io.abk.billing.webhookverify.WebhookVerificationException.Reason.MALFORMED_HEADER;
import static io.abk.billing.webhookverify.WebhookVerificationException.Reason.MISSING_HEADER;
import static io.abk.billing.webhookverify.WebhookVerificationException.Reason.NO_MATCHING_SIGNATURE;
import static io.abk.billing.webhookverify.WebhookVerificationException.Reason.TIMESTAMP_OUT_OF_TOLERANCE;
import static org.assertj.core.api.Assertions.assertThat;

import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** The Standard Webhooks headers: the published example verifies, and each way to fail has its reason. */
class StandardWebhooksVerificationTest {

    static final Instant NOW = Instant.parse("2026-11-22T15:00:00Z");
    static final String SECRET = WebhookSecrets.generate();
    static final String ID = "evt_1";
    static final String BODY = "{\"id\":\"evt_1\",\"type\":\"payment.paid\"}";

    final WebhookVerifier verifier = WebhookVerifier.of(SECRET).withClock(Clock.fixed(NOW, ZoneOffset.UTC));

    @Test
    void shouldVerifyTheStandardWebhooksExampleWhenItsTimeIsNow() throws Exception {
        var published = WebhookVerifier.of(WebhookSignerTest.SECRET)
                .withClock(Clock.fixed(WebhookSignerTest.SENT_AT, ZoneOffset.UTC));

        assertThat(published.verifyStandard(
                        WebhookSignerTest.BODY,
                        WebhookSignerTest.ID,
                        "1614265330",
                        WebhookSignerTest.STANDARD_SIGNATURE))
                .isEqualTo(WebhookSignerTest.SENT_AT);
    }

    @Test
    void shouldReturnTheSignedTimeWhenTheHeadersMatch() throws Exception {
        var headers = WebhookSigner.of(SECRET).sign(ID, BODY, NOW.minusSeconds(3));

        assertThat(verifier.verifyStandard(
                        BODY, headers.webhookId(), headers.webhookTimestamp(), headers.webhookSignature()))
                .isEqualTo(NOW.minusSeconds(3));
    }

    @Test
    void shouldFailWhenTheBodyTheIdOrTheSecretDiffers() {
        var headers = WebhookSigner.of(SECRET).sign(ID, BODY, NOW);
        var stranger = WebhookSigner.of(WebhookSecrets.generate()).sign(ID, BODY, NOW);

        assertFails(
                        () -> verifier.verifyStandard(
                                BODY + "x", ID, headers.webhookTimestamp(), headers.webhookSignature()),
                        NO_MATCHING_SIGNATURE)
                .satisfies(e -> assertThat(e.getMessage()).doesNotContain("="));
        assertFails(
                () -> verifier.verifyStandard(BODY, "evt_2", headers.webhookTimestamp(), headers.webhookSignature()),
                NO_MATCHING_SIGNATURE);
        assertFails(
                () -> verifier.verifyStandard(BODY, ID, stranger.webhookTimestamp(), stranger.webhookSignature()),
                NO_MATCHING_SIGNATURE);
    }

    @Test
    void shouldFailWhenTheTimestampIsBeyondTheToleranceEitherWay() {
        var old = WebhookSigner.of(SECRET).sign(ID, BODY, NOW.minusSeconds(301));
        var future = WebhookSigner.of(SECRET).sign(ID, BODY, NOW.plusSeconds(301));

        assertFails(
                () -> verifier.verifyStandard(BODY, ID, old.webhookTimestamp(), old.webhookSignature()),
                TIMESTAMP_OUT_OF_TOLERANCE);
        assertFails(
                () -> verifier.verifyStandard(BODY, ID, future.webhookTimestamp(), future.webhookSignature()),
                TIMESTAMP_OUT_OF_TOLERANCE);
    }

    @Test
    void shouldAcceptWhenOneOfTheSpaceSeparatedSignaturesMatches() throws Exception {
        var headers = WebhookSigner.of(WebhookSecrets.generate(), SECRET).sign(ID, BODY, NOW);

        assertThat(headers.webhookSignature().split(" ")).hasSize(2);
        assertThat(verifier.verifyStandard(
                        BODY, ID, headers.webhookTimestamp(), "v1a,ignored " + headers.webhookSignature()))
                .isEqualTo(NOW);
    }

    @Test
    void shouldFailAsMissingAndNameTheHeaderWhenOneIsAbsent() {
        var headers = WebhookSigner.of(SECRET).sign(ID, BODY, NOW);

        assertFails(
                        () -> verifier.verifyStandard(
                                BODY, null, headers.webhookTimestamp(), headers.webhookSignature()),
                        MISSING_HEADER)
                .hasMessageContaining("webhook-id");
        assertFails(() -> verifier.verifyStandard(BODY, ID, "", headers.webhookSignature()), MISSING_HEADER)
                .hasMessageContaining("webhook-timestamp");
        assertFails(() -> verifier.verifyStandard(BODY, ID, headers.webhookTimestamp(), null), MISSING_HEADER)
                .hasMessageContaining("webhook-signature");
    }

    @ParameterizedTest
    @ValueSource(
            strings = {
                "v1",
                "g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=",
                "v2,abc",
                "v1,not*base64",
                "v1,AAAA",
                ",g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE="
            })
    void shouldFailAsMalformedWhenTheSignatureHeaderHasNoUsableV1(String signature) {
        assertFails(
                        () -> verifier.verifyStandard(BODY, ID, Long.toString(NOW.getEpochSecond()), signature),
                        MALFORMED_HEADER)
                .hasMessageContaining("webhook-signature");
    }

    @ParameterizedTest
    @ValueSource(strings = {"soon", "1.5", "-1", "2026-11-22T15:00:00Z", "1234567890123"})
    void shouldFailAsMalformedWhenTheTimestampIsNotUnixSeconds(String timestamp) {
        var headers = WebhookSigner.of(SECRET).sign(ID, BODY, NOW);

        assertFails(() -> verifier.verifyStandard(BODY, ID, timestamp, headers.webhookSignature()), MALFORMED_HEADER)
                .hasMessageContaining("webhook-timestamp");
    }
}
