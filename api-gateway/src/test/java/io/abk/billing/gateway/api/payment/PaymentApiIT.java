package io.abk.billing.gateway.api.payment;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.abk.billing.gateway.testkit.ChangeFixtures;
import io.abk.billing.gateway.testkit.PaymentsIT;
import io.abk.billing.gateway.testkit.TestKafka;
import io.abk.billing.schemas.avro.Change;
import io.abk.billing.schemas.avro.CreatePayment;
import io.abk.billing.schemas.avro.Mode;
import io.abk.billing.schemas.avro.PaymentSnapshot;
import io.abk.billing.schemas.ids.IdPrefix;
import io.abk.billing.schemas.ids.Ids;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.springframework.http.HttpMethod;
import tools.jackson.databind.JsonNode;

/**
 * {@code /v1/payments} over HTTP against the stand-in processor: create (both forms, the exact response shape and
 * the command it sends), get, list (status filter, cursor, tenancy), an idempotent replay, a 503 resumed with the
 * key, and the read side's expiry display rule.
 */
class PaymentApiIT extends PaymentsIT {

    static final List<String> PAYMENT_FIELDS = List.of(
            "id",
            "object",
            "status",
            "amountUsdc",
            "amountReceivedUsdc",
            "customerWallet",
            "customerId",
            "payoutAddressEvm",
            "merchantRef",
            "priceId",
            "paymentLinkId",
            "description",
            "checkoutUrl",
            "successUrl",
            "cancelUrl",
            "customerEmail",
            "customerName",
            "metadata",
            "expiresAt",
            "paidAt",
            "paidLate",
            "txHash",
            "authorization",
            "mode",
            "createdAt");

    @Test
    void shouldCreateAnOpenPaymentWithItsCheckoutUrlWhenTheAmountIsGiven() {
        var merchant = newMerchant();
        var body = paymentBody("12.5");

        var reply = post(merchant, "test", "/v1/payments", body);

        assertThat(reply.status()).as(reply.text()).isEqualTo(201);
        assertThat(fieldNames(reply.body())).containsExactly("payment", "checkoutUrl");
        var payment = reply.body().get("payment");
        assertThat(fieldNames(payment)).containsExactlyElementsOf(PAYMENT_FIELDS);
        var id = payment.get("id").stringValue();
        assertThat(Ids.isWellFormed(IdPrefix.PAYMENT, id)).isTrue();
        assertThat(payment.get("object").stringValue()).isEqualTo("payment");
        assertThat(payment.get("status").stringValue()).isEqualTo("open");
        assertThat(payment.get("amountUsdc").toString()).isEqualTo("12.5");
        assertThat(payment.get("amountReceivedUsdc").isNull()).isTrue();
        assertThat(payment.get("customerWallet").stringValue()).isEqualTo(WALLET);
        assertThat(payment.get("payoutAddressEvm").stringValue()).isEqualTo(PAYOUT);
        assertThat(payment.get("merchantRef").stringValue()).isEqualTo(body.get("merchantRef"));
        assertThat(payment.get("priceId").isNull()).isTrue();
        assertThat(payment.get("paymentLinkId").isNull()).isTrue();
        assertThat(payment.get("metadata").get("orderId").stringValue()).isEqualTo("o-7");
        assertThat(payment.get("successUrl").stringValue()).isEqualTo("https://shop.example.test/thanks");
        assertThat(payment.get("cancelUrl").stringValue()).isEqualTo("https://shop.example.test/cart");
        assertThat(payment.get("mode").stringValue()).isEqualTo("test");
        assertThat(payment.get("paidLate").booleanValue()).isFalse();
        var checkoutUrl = "https://pay.example.test/checkout/pay/" + id;
        assertThat(reply.body().get("checkoutUrl").stringValue()).isEqualTo(checkoutUrl);
        assertThat(payment.get("checkoutUrl").stringValue()).isEqualTo(checkoutUrl);

        var read = get(merchant, "test", "/v1/payments/" + id);
        assertThat(read.status()).isEqualTo(200);
        assertThat(fieldNames(read.body())).containsExactly("payment");
        assertThat(read.body().get("payment")).isEqualTo(payment);

        assertThat(paymentCommands(merchant)).singleElement().satisfies(command -> {
            assertThat(command.getPaymentId()).isEqualTo(id);
            assertThat(command.getMode()).isEqualTo(Mode.TEST);
            assertThat(command.getIdempotencyKey()).isNull();
            assertThat(command.getRequestId()).isEqualTo(reply.header("x-request-id"));
            var create = (CreatePayment) command.getPayload();
            assertThat(create.getAmountMicros()).isEqualTo(12_500_000L);
            assertThat(create.getCheckoutUrl()).isEqualTo(checkoutUrl);
            assertThat(create.getPayoutAddress()).isEqualTo(PAYOUT);
            assertThat(create.getCustomerWallet()).isEqualTo(WALLET);
            assertThat(create.getPaymentLinkId()).isNull();
            assertThat(create.getMetadata()).containsEntry("orderId", "o-7");
        });
    }

    @Test
    void shouldTakeTheAmountFromAOncePriceAndThePayoutFromTheMerchantWhenNotGiven() {
        var merchant = newMerchant("0x3333333333333333333333333333333333333333");
        var priceId = oncePrice(merchant, "live", "49.99");

        var reply = post(
                merchant,
                "live",
                "/v1/payments",
                Map.of("merchantRef", "inv-1", "customerWallet", WALLET, "priceId", priceId));

        assertThat(reply.status()).as(reply.text()).isEqualTo(201);
        var payment = reply.body().get("payment");
        assertThat(payment.get("amountUsdc").toString()).isEqualTo("49.99");
        assertThat(payment.get("priceId").stringValue()).isEqualTo(priceId);
        assertThat(payment.get("payoutAddressEvm").stringValue())
                .isEqualTo("0x3333333333333333333333333333333333333333");
        assertThat(payment.get("mode").stringValue()).isEqualTo("live");
        assertThat(payment.get("metadata").isEmpty()).isTrue();
    }

    @Test
    void shouldListNewestFirstByStatusAndPageWithinTheCallersMerchantAndMode() {
        var merchant = newMerchant();
        var first = createPayment(merchant, "test", "1").get("id").stringValue();
        var second = createPayment(merchant, "test", "2").get("id").stringValue();
        var third = createPayment(merchant, "test", "3").get("id").stringValue();
        var paid = checkout(HttpMethod.POST, "/checkout/pay/" + second + "/confirm", Map.of());
        assertThat(paid.status()).as(paid.text()).isEqualTo(200);

        var page1 = get(merchant, "test", "/v1/payments?limit=2");
        var page2 = get(
                merchant,
                "test",
                "/v1/payments?limit=2&startingAfter=" + ids(page1).get(1));

        assertThat(fieldNames(page1.body())).containsExactly("payments", "hasMore");
        assertThat(ids(page1)).containsExactly(third, second);
        assertThat(page1.body().get("hasMore").booleanValue()).isTrue();
        assertThat(ids(page2)).containsExactly(first);
        assertThat(page2.body().get("hasMore").booleanValue()).isFalse();
        assertThat(ids(get(merchant, "test", "/v1/payments?status=open"))).containsExactly(third, first);
        assertThat(ids(get(merchant, "test", "/v1/payments?status=paid"))).containsExactly(second);
        assertThat(ids(get(merchant, "test", "/v1/payments?status=expired"))).isEmpty();
        assertThat(ids(get(merchant, "live", "/v1/payments")))
                .as("the other mode")
                .isEmpty();
        assertThat(ids(get(newMerchant(), "test", "/v1/payments")))
                .as("another merchant")
                .isEmpty();
    }

    @Test
    void shouldReplayTheCreateWhenTheSameIdempotencyKeyRepeats() {
        var merchant = newMerchant();
        var key = "pay-" + UUID.randomUUID();
        var body = paymentBody("7");

        var first = call(HttpMethod.POST, "/v1/payments", merchant.testKey(), body, key);
        var again = call(HttpMethod.POST, "/v1/payments", merchant.testKey(), body, key);

        assertThat(first.status()).as(first.text()).isEqualTo(201);
        assertThat(again.status()).isEqualTo(201);
        assertThat(again.header("Idempotent-Replayed")).isEqualTo("true");
        assertThat(again.text()).isEqualTo(first.text());
        assertThat(paymentCommands(merchant))
                .singleElement()
                .satisfies(command -> assertThat(command.getIdempotencyKey()).isEqualTo(key));
    }

    @Test
    void shouldAnswer503AndThenThePaymentWhenRetriedWithTheSameKey() {
        var merchant = newMerchant();
        var key = "pay-" + UUID.randomUUID();
        var body = paymentBody("8");
        Reply timedOut;
        processor.pause();
        try {
            timedOut = call(HttpMethod.POST, "/v1/payments", merchant.testKey(), body, key);
        } finally {
            processor.resume();
        }
        var commandId = paymentCommands(merchant).getFirst().getCommandId();
        await().atMost(Duration.ofSeconds(30))
                .until(() ->
                        database().count("SELECT count(*) FROM command_outcomes WHERE command_id = ?", commandId) == 1);

        var resumed = call(HttpMethod.POST, "/v1/payments", merchant.testKey(), body, key);

        assertThat(timedOut.status()).isEqualTo(503);
        assertThat(timedOut.code()).isEqualTo("processing_timeout");
        assertThat(resumed.status()).as(resumed.text()).isEqualTo(201);
        assertThat(resumed.header("Idempotent-Replayed")).isEqualTo("true");
        assertThat(resumed.body().get("payment").get("status").stringValue()).isEqualTo("open");
        assertThat(paymentCommands(merchant)).hasSize(1);
    }

    @Test
    void shouldShowAnOpenPaymentPastItsExpiryAsExpiredUntilTheSchedulerRecordsIt() {
        var merchant = newMerchant();
        var created = Instant.now().minus(2, ChronoUnit.DAYS).truncatedTo(ChronoUnit.MILLIS);
        var lapsed = Ids.newId(IdPrefix.PAYMENT, created);
        var paidLate = Ids.newId(IdPrefix.PAYMENT, created.plusMillis(1));
        var current = Ids.newId(IdPrefix.PAYMENT, created.plusMillis(2));
        try (var producer = TestKafka.changeProducer()) {
            TestKafka.send(
                    producer,
                    List.of(
                            change(
                                    lapsed,
                                    ChangeFixtures.payment(
                                            lapsed,
                                            merchant.id(),
                                            Mode.TEST,
                                            1,
                                            "open",
                                            created,
                                            created.plus(1, ChronoUnit.DAYS))),
                            change(
                                    paidLate,
                                    ChangeFixtures.payment(
                                            paidLate,
                                            merchant.id(),
                                            Mode.TEST,
                                            2,
                                            "paid",
                                            created,
                                            created.plus(1, ChronoUnit.DAYS))),
                            change(
                                    current,
                                    ChangeFixtures.payment(
                                            current,
                                            merchant.id(),
                                            Mode.TEST,
                                            1,
                                            "open",
                                            created,
                                            Instant.now().plus(1, ChronoUnit.DAYS)))));
        }
        await().atMost(Duration.ofSeconds(30))
                .until(() -> get(merchant, "test", "/v1/payments/" + current).status() == 200);

        assertThat(status(get(merchant, "test", "/v1/payments/" + lapsed).body().get("payment")))
                .isEqualTo("expired");
        assertThat(status(
                        get(merchant, "test", "/v1/payments/" + paidLate).body().get("payment")))
                .isEqualTo("paid");
        assertThat(status(
                        get(merchant, "test", "/v1/payments/" + current).body().get("payment")))
                .isEqualTo("open");
        assertThat(ids(get(merchant, "test", "/v1/payments?status=expired"))).containsExactly(lapsed);
        assertThat(ids(get(merchant, "test", "/v1/payments?status=open"))).containsExactly(current);
        assertThat(checkoutGet("/checkout/pay/" + lapsed + "/status")
                        .body()
                        .get("status")
                        .stringValue())
                .isEqualTo("expired");
        assertThat(database().count("SELECT count(*) FROM payments WHERE id = ? AND status = 'open'", lapsed))
                .as("the stored row")
                .isEqualTo(1);
    }

    @Test
    void shouldAnswer404WhenThePaymentIsUnknownOrAnotherMerchantsOrModes() {
        var merchant = newMerchant();
        var id = createPayment(merchant, "test", "3").get("id").stringValue();

        for (var reply : List.of(
                get(merchant, "live", "/v1/payments/" + id),
                get(newMerchant(), "test", "/v1/payments/" + id),
                get(merchant, "test", "/v1/payments/pay_01jcrgx3b2m0x9k8d7f6e5a4s3"),
                get(merchant, "test", "/v1/payments/not-an-id"))) {
            assertThat(reply.status()).as(reply.text()).isEqualTo(404);
            assertThat(reply.code()).isEqualTo("resource_missing");
        }
    }

    private static Change change(String id, PaymentSnapshot snapshot) {
        return ChangeFixtures.acceptedOf(
                Ids.newId(IdPrefix.COMMAND, Instant.now()),
                "payment",
                id,
                snapshot.getMerchantId(),
                Mode.TEST,
                List.of(snapshot));
    }

    private static String status(JsonNode resource) {
        return resource.get("status").stringValue();
    }

    private static List<String> ids(Reply list) {
        return list.body()
                .get("payments")
                .valueStream()
                .map(payment -> payment.get("id").stringValue())
                .toList();
    }
}
