package io.abk.billing.webhookverify;

import static io.abk.billing.webhookverify.WebhookVerificationException.Reason.MALFORMED_HEADER;
import static io.abk.billing.webhookverify.WebhookVerificationException.Reason.MISSING_HEADER;
import static io.abk.billing.webhookverify.WebhookVerificationException.Reason.NO_MATCHING_SIGNATURE;
import static io.abk.billing.webhookverify.WebhookVerificationException.Reason.TIMESTAMP_OUT_OF_TOLERANCE;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import org.assertj.core.api.AbstractThrowableAssert;
import org.jspecify.annotations.Nullable;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.NullAndEmptySource;
import org.junit.jupiter.params.provider.ValueSource;

/** {@code x-service-signature}: one case per way a delivery can fail, and the ways it must still pass. */
class ServiceSignatureVerificationTest {

    static final Instant NOW = Instant.parse("2026-11-22T15:00:00Z");
    static final String SECRET = WebhookSecrets.generate();
    static final String BODY = "{\"id\":\"evt_1\",\"type\":\"invoice.paid\"}";

    final WebhookVerifier verifier = WebhookVerifier.of(SECRET).withClock(Clock.fixed(NOW, ZoneOffset.UTC));

    @Test
    void shouldReturnTheSignedTimeWhenBodyAndSignatureMatch() throws Exception {
        var header = sign(SECRET, NOW.minusSeconds(12));

        assertThat(verifier.verify(BODY, header)).isEqualTo(NOW.minusSeconds(12));
        assertThat(verifier.verify(BODY.getBytes(StandardCharsets.UTF_8), header))
                .isEqualTo(NOW.minusSeconds(12));
    }

    @Test
    void shouldFailWhenTheBodyWasTampered() {
        var header = sign(SECRET, NOW);

        assertFails(() -> verifier.verify(BODY.replace("paid", "void"), header), NO_MATCHING_SIGNATURE)
                .as("no signature, expected or received, in the message")
                .satisfies(e -> assertThat(e.getMessage()).doesNotContainPattern("[0-9a-f]{16}"));
        assertFails(() -> verifier.verify(BODY + " ", header), NO_MATCHING_SIGNATURE);
    }

    @Test
    void shouldFailWhenSignedWithAnotherSecret() {
        assertFails(() -> verifier.verify(BODY, sign(WebhookSecrets.generate(), NOW)), NO_MATCHING_SIGNATURE);
    }

    @Test
    void shouldFailWhenTheTimestampWasChangedAfterSigning() {
        var header = sign(SECRET, NOW).replace("t=" + NOW.getEpochSecond(), "t=" + (NOW.getEpochSecond() + 1));

        assertFails(() -> verifier.verify(BODY, header), NO_MATCHING_SIGNATURE);
    }

    @Test
    void shouldAcceptAt300sAndFailAt301sWhenSignedInThePastOrTheFuture() throws Exception {
        assertThat(verifier.verify(BODY, sign(SECRET, NOW.minusSeconds(300)))).isEqualTo(NOW.minusSeconds(300));
        assertThat(verifier.verify(BODY, sign(SECRET, NOW.plusSeconds(300)))).isEqualTo(NOW.plusSeconds(300));

        assertFails(() -> verifier.verify(BODY, sign(SECRET, NOW.minusSeconds(301))), TIMESTAMP_OUT_OF_TOLERANCE);
        assertFails(() -> verifier.verify(BODY, sign(SECRET, NOW.plusSeconds(301))), TIMESTAMP_OUT_OF_TOLERANCE);
    }

    @Test
    void shouldUseTheConfiguredToleranceWhenOneIsGiven() throws Exception {
        var strict = verifier.withTolerance(Duration.ofSeconds(10));
        var lenient = verifier.withTolerance(Duration.ofHours(1));
        var header = sign(SECRET, NOW.minusSeconds(60));

        assertFails(() -> strict.verify(BODY, header), TIMESTAMP_OUT_OF_TOLERANCE);
        assertThat(lenient.verify(BODY, header)).isEqualTo(NOW.minusSeconds(60));
        assertThatThrownBy(() -> verifier.withTolerance(Duration.ofSeconds(-1)))
                .isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void shouldAcceptWhenOneOfSeveralV1ValuesMatchesDuringARotation() throws Exception {
        var other = WebhookSecrets.generate();
        var rotating = WebhookSigner.of(other, SECRET).sign("evt_1", BODY, NOW).serviceSignature();
        var oldOnly = WebhookVerifier.of(other).withClock(Clock.fixed(NOW, ZoneOffset.UTC));

        assertThat(rotating.split(",v1=")).hasSize(3);
        assertThat(verifier.verify(BODY, rotating)).isEqualTo(NOW);
        assertThat(oldOnly.verify(BODY, rotating)).isEqualTo(NOW);
    }

    @Test
    void shouldAcceptWhenTheReceiverKnowsTheNewAndOldSecretAndTheSenderSignsWithOne() throws Exception {
        var receiver =
                WebhookVerifier.of(WebhookSecrets.generate(), SECRET).withClock(Clock.fixed(NOW, ZoneOffset.UTC));

        assertThat(receiver.verify(BODY, sign(SECRET, NOW))).isEqualTo(NOW);
    }

    @Test
    void shouldSkipUnknownSchemesWhenAV1Matches() throws Exception {
        var header = sign(SECRET, NOW) + ",v2=abc";

        assertThat(verifier.verify(BODY, header)).isEqualTo(NOW);
    }

    @ParameterizedTest
    @NullAndEmptySource
    @ValueSource(strings = {"  "})
    void shouldFailAsMissingWhenTheHeaderIsAbsentOrBlank(@Nullable String header) {
        assertFails(() -> verifier.verify(BODY, header), MISSING_HEADER).hasMessageContaining("x-service-signature");
    }

    @ParameterizedTest
    @ValueSource(
            strings = {
                "v1=0000000000000000000000000000000000000000000000000000000000000000",
                "t=1795359600",
                "t=1795359600,v2=00",
                "t=,v1=0000000000000000000000000000000000000000000000000000000000000000",
                "t=-5,v1=0000000000000000000000000000000000000000000000000000000000000000",
                "t=+1795359600,v1=0000000000000000000000000000000000000000000000000000000000000000",
                "t=99999999999999999999,v1=0000000000000000000000000000000000000000000000000000000000000000",
                "t=1795359600,t=1795359600,v1=0000000000000000000000000000000000000000000000000000000000000000",
                "t=1795359600,v1=zz00000000000000000000000000000000000000000000000000000000000000",
                "t=1795359600,v1=00",
                "t=1795359600,,v1=0000000000000000000000000000000000000000000000000000000000000000",
                "garbage",
            })
    void shouldFailAsMalformedWhenTheHeaderDoesNotHaveTheSchemesShape(String header) {
        assertFails(() -> verifier.verify(BODY, header), MALFORMED_HEADER).hasMessageContaining("x-service-signature");
    }

    @Test
    void shouldAcceptUpperCaseHexAndSpacesAroundPartsWhenTheSignatureMatches() throws Exception {
        var header = sign(SECRET, NOW);
        var relaxed = " t=" + NOW.getEpochSecond() + " , v1="
                + header.substring(header.indexOf("v1=") + 3).toUpperCase() + " ";

        assertThat(verifier.verify(BODY, relaxed)).isEqualTo(NOW);
    }

    @Test
    void shouldRefuseToBuildWhenNoSecretOrAMalformedOneIsGiven() {
        assertThatThrownBy(() -> WebhookVerifier.of(List.of())).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> WebhookVerifier.of(SECRET, "whsec_"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageNotContaining(SECRET);
    }

    static String sign(String secret, Instant at) {
        return WebhookSigner.of(secret).sign("evt_1", BODY, at).serviceSignature();
    }

    interface Verification {
        void run() throws WebhookVerificationException;
    }

    static AbstractThrowableAssert<?, ? extends Throwable> assertFails(
            Verification verification, WebhookVerificationException.Reason reason) {
        return assertThatThrownBy(verification::run)
                .isInstanceOfSatisfying(
                        WebhookVerificationException.class,
                        e -> assertThat(e.reason()).isEqualTo(reason));
    }
}
