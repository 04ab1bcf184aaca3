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

/** A delivered request verifies with the published helper, before, during and after a secret rotation. */
class AttemptSigningIT {

    private static HttpDeliveryAttempts attempts;

    @BeforeAll
    static void start() {
        attempts = new HttpDeliveryAttempts(TestDb.dataSource(), HttpDeliveryAttempts.Settings.defaults(true));
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
            verifier.verifyStandard(request.body(), request.header("webhook-id"), request.header("webhook-timestamp"),
                    request.header("webhook-signature"));
            var row = TestDb.attempts(endpoint.id()).getFirst();
            assertThat(row).containsEntry("outcome", "succeeded").containsEntry("status_code", 204)
                    .containsEntry("delivery_id", delivery.getDeliveryId()).containsEntry("event_id", delivery.getEventId())
                    .containsEntry("attempt", 1).containsEntry("redelivery", false).containsEntry("next_retry_at", null);
            assertThat(row.get("latency_ms")).isNotNull();
        }
    }

    @Test
    void shouldSignWithBothSecretsDuringOverlapAndOnlyTheNewOneAfterIt() throws Exception {
        try (var receiver = Receiver.answering(200)) {
            var endpoint = TestDb.endpoint(TestDb.merchant(), "test", receiver.url());
            var newSecret = WebhookSecrets.generate();
            rotate(endpoint, newSecret, Instant.now().plus(Duration.ofHours(24)));

            assertThat(attempts.attempt(Deliveries.to(endpoint), 1, null).get(30, TimeUnit.SECONDS)).isEqualTo(AttemptResult.DELIVERED);
            var during = receiver.requests().getLast();
            assertThat(during.header("x-service-signature").split(",v1=")).hasSize(3);
            assertThat(during.header("webhook-signature").split(" ")).hasSize(2);
            for (var secret : new String[] {endpoint.secret(), newSecret}) {
                verifiesBoth(WebhookVerifier.of(secret), during);
            }

            rotate(endpoint, newSecret, Instant.now().minusSeconds(1));
            assertThat(attempts.attempt(Deliveries.to(endpoint), 1, null).get(30, TimeUnit.SECONDS)).isEqualTo(AttemptResult.DELIVERED);
            var after = receiver.requests().getLast();
            verifiesBoth(WebhookVerifier.of(newSecret), after);
            assertThat(after.header("webhook-signature").split(" ")).hasSize(1);
            assertThatThrownBy(() -> WebhookVerifier.of(endpoint.secret()).verify(after.body(), after.header("x-service-signature")))
                    .isInstanceOfSatisfying(WebhookVerificationException.class,
                            e -> assertThat(e.reason()).isEqualTo(WebhookVerificationException.Reason.NO_MATCHING_SIGNATURE));
        }
    }

    /** As the gateway's rotate_secret leaves the row: the new secret signs, the old one until the overlap ends. */
    private static void rotate(TestDb.Endpoint endpoint, String newSecret, Instant previousUntil) {
        TestDb.jdbc().update("UPDATE webhook_endpoints SET secret = ?, previous_secret = ?, previous_secret_expires_at = ?"
                + " WHERE id = ?", newSecret, endpoint.secret(), TestDb.timestamp(previousUntil), endpoint.id());
    }

    private static void verifiesBoth(WebhookVerifier verifier, Receiver.Request request) throws WebhookVerificationException {
        verifier.verify(request.body(), request.header("x-service-signature"));
        verifier.verifyStandard(request.body(), request.header("webhook-id"), request.header("webhook-timestamp"),
                request.header("webhook-signature"));
    }
}
