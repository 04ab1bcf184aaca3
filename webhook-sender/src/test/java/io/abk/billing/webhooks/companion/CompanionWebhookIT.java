package io.abk.billing.webhooks.companion;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.abk.billing.schemas.avro.UsdtEvent;
import io.abk.billing.schemas.avro.UsdtIntentSnapshot;
import io.abk.billing.schemas.avro.UsdtPaymentTransaction;
import io.abk.billing.schemas.topic.Deployment;
import io.abk.billing.schemas.topic.Topics;
import io.abk.billing.webhooks.WebhookSenderApplication;
import io.abk.billing.webhooks.testkit.Receiver;
import io.abk.billing.webhooks.testkit.SenderInfra;
import io.abk.billing.webhookverify.WebhookSecrets;
import io.abk.billing.webhookverify.WebhookVerifier;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.HashMap;
import java.util.Map;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.junit.jupiter.api.Test;

/**
 * The companion USDT interface's payment.confirmed events reach its configured endpoint through the sender's own
 * deliveries: the verifier's body exactly, its event id as webhook-id, signed with the companion's secret, recorded in
 * the event log and the delivery log. It has a broker of its own, so the shared sender takes no part.
 */
class CompanionWebhookIT {

    @Test
    void shouldDeliverAUsdtEventSignedWithTheCompanionSecretWhenItIsPublished() throws Exception {
        try (var broker = SenderInfra.newBroker();
                var receiver = Receiver.ok()) {
            var jdbcUrl = SenderInfra.newDatabase();
            var secret = WebhookSecrets.generate();
            var settings = new HashMap<>(SenderInfra.settings(broker.bootstrapServers(), jdbcUrl));
            settings.put("BILLING_USDT_WEBHOOK_URLS", receiver.url());
            settings.put("BILLING_USDT_WEBHOOK_SECRET", secret);
            settings.put("BILLING_USDT_WEBHOOK_MODE", "test");
            var event = event();

            try (var sender = WebhookSenderApplication.start(settings)) {
                produce(broker.bootstrapServers(), event);

                await().atMost(Duration.ofSeconds(60)).until(() -> receiver.deliveredCount() == 1);
                var received = receiver.received().getFirst();
                assertThat(received.webhookId()).isEqualTo(event.getEventId());
                assertThat(received.body())
                        .as("the verifier's body, byte for byte")
                        .isEqualTo(event.getBody());
                var signedAt = WebhookVerifier.of(secret).verify(received.body(), received.signature());
                assertThat(signedAt)
                        .isCloseTo(Instant.now(), org.assertj.core.api.Assertions.within(1, ChronoUnit.MINUTES));
                var jdbc = SenderInfra.jdbc(jdbcUrl);
                var companion = jdbc.queryForObject(
                        "SELECT id FROM companion_merchants WHERE bootstrap_tag = 'usdt-companion'", String.class);
                assertThat(jdbc.queryForMap(
                                "SELECT merchant_id, mode, type, aggregate_id FROM events WHERE id = ?",
                                event.getEventId()))
                        .containsEntry("merchant_id", companion)
                        .containsEntry("mode", "test")
                        .containsEntry("type", "payment.confirmed")
                        .containsEntry("aggregate_id", event.getIntentId());
                await().atMost(Duration.ofSeconds(30))
                        .untilAsserted(() -> assertThat(jdbc.queryForObject(
                                        "SELECT count(*) FROM webhook_delivery_attempts WHERE event_id = ? AND outcome = 'succeeded'",
                                        Integer.class,
                                        event.getEventId()))
                                .as("the attempt is in the delivery log")
                                .isOne());
            }
        }
    }

    @Test
    void shouldKeepExactlyTheConfiguredEndpointsWhenTheSenderStartsAgainWithOthers() throws Exception {
        try (var broker = SenderInfra.newBroker()) {
            var jdbcUrl = SenderInfra.newDatabase();
            var settings = new HashMap<>(SenderInfra.settings(broker.bootstrapServers(), jdbcUrl));
            settings.put("BILLING_USDT_WEBHOOK_URLS", "https://hooks.example.com/a,https://hooks.example.com/b");
            settings.put("BILLING_USDT_WEBHOOK_SECRET", WebhookSecrets.generate());
            try (var sender = WebhookSenderApplication.start(settings)) {
                assertThat(urls(jdbcUrl)).containsExactly("https://hooks.example.com/a", "https://hooks.example.com/b");
            }

            var rotated = WebhookSecrets.generate();
            settings.put("BILLING_USDT_WEBHOOK_URLS", "https://hooks.example.com/b,https://hooks.example.com/c");
            settings.put("BILLING_USDT_WEBHOOK_SECRET", rotated);
            try (var sender = WebhookSenderApplication.start(settings)) {
                assertThat(urls(jdbcUrl)).containsExactly("https://hooks.example.com/b", "https://hooks.example.com/c");
                // each row holds the new secret sealed for it, never in plain text
                var rows = SenderInfra.jdbc(jdbcUrl)
                        .queryForList("SELECT id, secret FROM companion_endpoints WHERE deleted_at IS NULL");
                assertThat(rows).hasSize(2).allSatisfy(row -> {
                    assertThat(row.get("secret").toString())
                            .startsWith("v1:s1:")
                            .doesNotContain("whsec_");
                    assertThat(SenderInfra.sealer()
                                    .open(
                                            row.get("secret").toString(),
                                            row.get("id").toString()))
                            .isEqualTo(rotated);
                });
            }
        }
    }

    private static java.util.List<String> urls(String jdbcUrl) {
        return SenderInfra.jdbc(jdbcUrl)
                .queryForList(
                        "SELECT e.url FROM companion_endpoints e JOIN companion_merchants m ON m.id = e.merchant_id"
                                + " WHERE m.bootstrap_tag = 'usdt-companion' AND e.deleted_at IS NULL ORDER BY e.url",
                        String.class);
    }

    private static UsdtEvent event() {
        var now = Instant.now().truncatedTo(ChronoUnit.MILLIS);
        var id =
                "evt_" + java.util.UUID.randomUUID().toString().replace("-", "").substring(0, 26);
        var intentId =
                "pi_" + java.util.UUID.randomUUID().toString().replace("-", "").substring(0, 26);
        var body = "{\"id\":\"" + id + "\",\"type\":\"payment.confirmed\",\"createdAt\":\"" + now + "\",\"test\":false,"
                + "\"data\":{\"intent\":{\"id\":\"" + intentId + "\"}}}";
        return UsdtEvent.newBuilder()
                .setEventId(id)
                .setType("payment.confirmed")
                .setCreatedAt(now)
                .setIntentId(intentId)
                .setTest(false)
                .setIntent(intent(intentId, now))
                .setTransaction(UsdtPaymentTransaction.newBuilder()
                        .setTxHash("0x" + "ab".repeat(32))
                        .setChainId(31337)
                        .setFromAddress(null)
                        .setToAddress("0x" + "11".repeat(20))
                        .setReceivedUsdt("10")
                        .setBlockNumber(7)
                        .setConfirmations(20)
                        .build())
                .setBody(body)
                .build();
    }

    private static UsdtIntentSnapshot intent(String intentId, Instant now) {
        return UsdtIntentSnapshot.newBuilder()
                .setId(intentId)
                .setMerchantRef("order-1")
                .setAmountMicros(10_000_000)
                .setPayToAddress("0x" + "11".repeat(20))
                .setMatchStrategy("exact")
                .setStatus("confirmed")
                .setCreatedAt(now)
                .setExpiresAt(now.plus(1, ChronoUnit.DAYS))
                .setConfirmedAt(now)
                .setTxHash("0x" + "ab".repeat(32))
                .setReceivedUsdt("10")
                .setFromAddress(null)
                .build();
    }

    private static void produce(String bootstrapServers, UsdtEvent event) throws Exception {
        var topic = Topics.USDT_EVENTS;
        try (var producer = new KafkaProducer<>(
                Map.<String, Object>of(ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrapServers),
                topic.keySerde().serializer(),
                topic.valueSerde().serializer())) {
            producer.send(new ProducerRecord<>(topic.name(Deployment.DEFAULT), event.getIntentId(), event))
                    .get();
        }
    }
}
