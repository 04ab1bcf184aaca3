package io.abk.billing.client;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import io.abk.billing.webhookverify.WebhookSecrets;
import io.abk.billing.webhookverify.WebhookSigner;
import io.abk.billing.webhookverify.WebhookVerificationException.Reason;
import java.time.Duration;
import java.time.Instant;
import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

class WebhooksTest {

    private static final String SECRET = WebhookSecrets.generate();
    private static final String BODY = Fixtures.event("evt_1");
    private final Billing billing = Billing.builder()
            .apiKey("abk_test_fake")
            .baseUrl("http://127.0.0.1:9")
            .build();

    private static Map<String, String> signed(String secret, Instant at) {
        return new HashMap<>(WebhookSigner.of(secret).sign("evt_1", BODY, at).asMap());
    }

    @Test
    void shouldReturnTheEventWhenBothSchemesVerify() {
        var event = billing.webhooks().constructEvent(BODY, signed(SECRET, Instant.now()), SECRET);

        assertThat(event.id()).isEqualTo("evt_1");
        assertThat(event.type()).isEqualTo("invoice.paid");
    }

    @Test
    void shouldVerifyEachSchemeAloneWhenOnlyItsHeadersCame() {
        var headers = signed(SECRET, Instant.now());
        var serviceOnly = Map.of("X-Service-Signature", headers.get("x-service-signature"));
        var standardOnly = new HashMap<>(headers);
        standardOnly.remove("x-service-signature");

        assertThat(billing.webhooks().constructEvent(BODY, serviceOnly, SECRET).id())
                .isEqualTo("evt_1");
        assertThat(billing.webhooks().constructEvent(BODY, standardOnly, SECRET).id())
                .isEqualTo("evt_1");
    }

    @Test
    void shouldRefuseWhenSignedWithAnotherSecret() {
        var thrown = catchThrowableOfType(
                SignatureVerificationException.class,
                () -> billing.webhooks()
                        .constructEvent(BODY, signed(WebhookSecrets.generate(), Instant.now()), SECRET));

        assertThat(thrown.reason()).isEqualTo(Reason.NO_MATCHING_SIGNATURE);
    }

    @Test
    void shouldRefuseWhenOneOfTwoSchemesDoesNotMatch() {
        var headers = signed(SECRET, Instant.now());
        headers.put(
                "webhook-signature",
                signed(WebhookSecrets.generate(), Instant.now()).get("webhook-signature"));

        var thrown = catchThrowableOfType(
                SignatureVerificationException.class, () -> billing.webhooks().constructEvent(BODY, headers, SECRET));

        assertThat(thrown.reason()).isEqualTo(Reason.NO_MATCHING_SIGNATURE);
    }

    @Test
    void shouldRefuseWhenTheBodyWasChanged() {
        var thrown = catchThrowableOfType(
                SignatureVerificationException.class,
                () -> billing.webhooks()
                        .constructEvent(BODY.replace("9.990000", "99.99"), signed(SECRET, Instant.now()), SECRET));

        assertThat(thrown.reason()).isEqualTo(Reason.NO_MATCHING_SIGNATURE);
    }

    @Test
    void shouldRefuseAReplayWhenTheTimestampIsOlderThanTheTolerance() {
        var sixMinutesAgo = Instant.now().minus(Duration.ofMinutes(6));

        var thrown = catchThrowableOfType(
                SignatureVerificationException.class,
                () -> billing.webhooks().constructEvent(BODY, signed(SECRET, sixMinutesAgo), SECRET));

        assertThat(thrown.reason()).isEqualTo(Reason.TIMESTAMP_OUT_OF_TOLERANCE);
        assertThat(billing.webhooks()
                        .constructEvent(BODY, signed(SECRET, sixMinutesAgo), SECRET, Duration.ofMinutes(10))
                        .id())
                .isEqualTo("evt_1");
    }

    @Test
    void shouldRefuseWhenNoSignatureHeaderCame() {
        var thrown = catchThrowableOfType(
                SignatureVerificationException.class,
                () -> billing.webhooks().constructEvent(BODY, Map.of("content-type", "application/json"), SECRET));

        assertThat(thrown.reason()).isEqualTo(Reason.MISSING_HEADER);
    }
}
