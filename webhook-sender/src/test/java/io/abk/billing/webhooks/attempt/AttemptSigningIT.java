package io.abk.billing.webhooks.attempt;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.abk.billing.webhookverify.WebhookSecrets;
import io.abk.billing.webhookverify.WebhookVerificationException;
import io.abk.billing.webhookverify.WebhookVerifier;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * A delivered request verifies with the published helper, before, during and after a secret rotation, whether the row
 * holds its secrets sealed (under the active key or one that sealed before a key rotation) or, not re-sealed yet, plain;
 * a sealed secret moved into another endpoint's row signs nothing.
 */
class AttemptSigningIT {

    private static HttpDeliveryAttempts attempts;

    @BeforeAll
    static void start() {
        attempts = new HttpDeliveryAttempts(
                TestDb.dataSource(), HttpDeliveryAttempts.Settings.defaults(true), TestDb.sealer());
    }

    @AfterAll
    static void stop() {
        attempts.close();
    }

    @Test
    void shouldDeliverVerifiableSignedBodyWhenEndpointAnswers2xx() throws Exception {
        try (var receiver = Receiver.answering(204)) {
            var endpoint = TestDb.endpoint(TestDb.merchant(), "test", receiver.url());
            var delivery = Deliveries.to(endpoint);

            var result = attempts.attempt(delivery, 1, null).get(30, TimeUnit.SECONDS);

            assertThat(result).isEqualTo(AttemptResult.DELIVERED);
            var request = receiver.requests().getFirst();
            assertThat(request.body()).isEqualTo(delivery.getPayload().getBytes(StandardCharsets.UTF_8));
            assertThat(request.header("webhook-id")).isEqualTo(delivery.getEventId());
            assertThat(request.header("content-type")).isEqualTo("application/json");
            assertThat(request.header("user-agent")).isEqualTo("abk-billing-webhooks/1");
            var verifier = WebhookVerifier.of(endpoint.secret());
            verifier.verify(request.body(), request.header("x-service-signature"));
            verifier.verifyStandard(
                    request.body(),
                    request.header("webhook-id"),
                    request.header("webhook-timestamp"),
                    request.header("webhook-signature"));
            var row = TestDb.attempts(endpoint.id()).getFirst();
            assertThat(row)
                    .containsEntry("outcome", "succeeded")
                    .containsEntry("status_code", 204)
                    .containsEntry("delivery_id", delivery.getDeliveryId())
                    .containsEntry("event_id", delivery.getEventId())
                    .containsEntry("attempt", 1)
                    .containsEntry("redelivery", false)
                    .containsEntry("next_retry_at", null);
            assertThat(row.get("latency_ms")).isNotNull();
        }
    }

    @Test
    void shouldSignWithTheSecretWhenTheRowHoldsItSealed() throws Exception {
        try (var receiver = Receiver.answering(204)) {
            // given an endpoint whose row holds its secret sealed under the active key, no whsec_ text in it
            var endpoint = TestDb.endpoint(TestDb.merchant(), "test", receiver.url(), TestDb.sealer());
            assertThat(TestDb.endpointRow(endpoint.id()).get("secret").toString())
                    .startsWith("v1:t2:")
                    .doesNotContain("whsec_");

            // when an event is attempted to it
            var result = attempts.attempt(Deliveries.to(endpoint), 1, null).get(30, TimeUnit.SECONDS);

            // then the request verifies with the secret the merchant was shown
            assertThat(result).isEqualTo(AttemptResult.DELIVERED);
            verifiesBoth(
                    WebhookVerifier.of(endpoint.secret()), receiver.requests().getFirst());
        }
    }

    @Test
    void shouldSignNothingWhenTheSealedSecretWasMovedFromAnotherEndpoint() throws Exception {
        try (var receiver = Receiver.answering(204)) {
            // given another endpoint's sealed secret copied into this endpoint's row
            var merchant = TestDb.merchant();
            var other = TestDb.endpoint(merchant, "test", receiver.url(), TestDb.sealer());
            var endpoint = TestDb.endpoint(merchant, "test", receiver.url(), TestDb.sealer());
            TestDb.jdbc()
                    .update(
                            "UPDATE webhook_endpoints SET secret = (SELECT secret FROM webhook_endpoints WHERE id = ?)"
                                    + " WHERE id = ?",
                            other.id(),
                            endpoint.id());

            // when an event is attempted to it
            var result = attempts.attempt(Deliveries.to(endpoint), 1, null).get(30, TimeUnit.SECONDS);

            // then nothing is sent, and the attempt log says why without showing a secret
            assertThat(result).isNotEqualTo(AttemptResult.DELIVERED);
            assertThat(receiver.requests()).isEmpty();
            assertThat(TestDb.attempts(endpoint.id()).getFirst().get("error").toString())
                    .contains("signing secret is unusable")
                    .contains("sealed for another endpoint")
                    .doesNotContain("whsec_");
        }
    }

    @Test
    void shouldSignWithBothSecretsDuringOverlapAndOnlyTheNewOneAfterIt() throws Exception {
        try (var receiver = Receiver.answering(200)) {
            var endpoint = TestDb.endpoint(TestDb.merchant(), "test", receiver.url());
            var newSecret = WebhookSecrets.generate();
            rotate(endpoint, newSecret, Instant.now().plus(Duration.ofHours(24)));

            assertThat(attempts.attempt(Deliveries.to(endpoint), 1, null).get(30, TimeUnit.SECONDS))
                    .isEqualTo(AttemptResult.DELIVERED);
            var during = receiver.requests().getLast();
            assertThat(during.header("x-service-signature").split(",v1=")).hasSize(3);
            assertThat(during.header("webhook-signature").split(" ")).hasSize(2);
            for (var secret : new String[] {endpoint.secret(), newSecret}) {
                verifiesBoth(WebhookVerifier.of(secret), during);
            }

            rotate(endpoint, newSecret, Instant.now().minusSeconds(1));
            assertThat(attempts.attempt(Deliveries.to(endpoint), 1, null).get(30, TimeUnit.SECONDS))
                    .isEqualTo(AttemptResult.DELIVERED);
            var after = receiver.requests().getLast();
            verifiesBoth(WebhookVerifier.of(newSecret), after);
            assertThat(after.header("webhook-signature").split(" ")).hasSize(1);
            assertThatThrownBy(() -> WebhookVerifier.of(endpoint.secret())
                            .verify(after.body(), after.header("x-service-signature")))
                    .isInstanceOfSatisfying(
                            WebhookVerificationException.class,
                            e -> assertThat(e.reason())
                                    .isEqualTo(WebhookVerificationException.Reason.NO_MATCHING_SIGNATURE));
        }
    }

    /**
     * As the gateway's rotate_secret leaves the row: the new secret, sealed under the active key, signs; the old one,
     * sealed under the key that sealed before a key rotation (the gateway's start re-seals it later), until the overlap
     * ends.
     */
    private static void rotate(TestDb.Endpoint endpoint, String newSecret, Instant previousUntil) {
        TestDb.jdbc()
                .update(
                        "UPDATE webhook_endpoints SET secret = ?, previous_secret = ?, previous_secret_expires_at = ?"
                                + " WHERE id = ?",
                        TestDb.sealer().seal(newSecret, endpoint.id()),
                        TestDb.BEFORE_ROTATION.seal(endpoint.secret(), endpoint.id()),
                        TestDb.timestamp(previousUntil),
                        endpoint.id());
    }

    private static void verifiesBoth(WebhookVerifier verifier, Receiver.Request request)
            throws WebhookVerificationException {
        verifier.verify(request.body(), request.header("x-service-signature"));
        verifier.verifyStandard(
                request.body(),
                request.header("webhook-id"),
                request.header("webhook-timestamp"),
                request.header("webhook-signature"));
    }
}
