package io.abk.billing.gateway.api.subscription;

import static org.assertj.core.api.Assertions.assertThat;

import io.abk.billing.gateway.testkit.GatewayIT;
import io.abk.billing.gateway.testkit.TestKafka;
import io.abk.billing.gateway.testkit.TestMerchant;
import io.abk.billing.schemas.avro.CreateSubscription;
import io.abk.billing.schemas.avro.Mode;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.slf4j.LoggerFactory;
import org.springframework.http.MediaType;
import org.springframework.test.web.reactive.server.WebTestClient;
import tools.jackson.databind.JsonNode;

/**
 * The subscription routes over HTTP, through the real authentication, catalog, producer, projector and
 * PostgreSQL (the processor is a stand-in; the streams app joins in the local-stack tests).
 */
class SubscriptionApiIT extends GatewayIT {

    static final String WALLET = BadCreateRequests.WALLET;
    static final String PAYOUT = BadCreateRequests.PAYOUT;

    @Test
    void shouldCreateByPriceAndReadItBackWhenThePriceIsRecurring() {
        var merchant = newMerchant();
        var price = price(merchant, "test", "19.99", "year", 14, true);

        var created = created(post(
                merchant,
                "test",
                Map.of(
                        "merchantRef",
                        "order-1",
                        "customerWallet",
                        WALLET,
                        "payoutAddressEvm",
                        PAYOUT,
                        "priceId",
                        price,
                        "metadata",
                        Map.of("plan", "gold"))));

        var subscription = created.get("subscription");
        var id = subscription.get("id").stringValue();
        assertThat(id).startsWith("sub_");
        assertThat(subscription.get("status").stringValue()).isEqualTo("incomplete");
        assertThat(subscription.get("amountUsdc").decimalValue()).isEqualByComparingTo("19.99");
        assertThat(subscription.get("interval").stringValue()).isEqualTo("year");
        assertThat(subscription.get("walletAddress").stringValue()).isEqualTo(WALLET);
        assertThat(subscription.get("payoutAddressEvm").stringValue()).isEqualTo(PAYOUT);
        assertThat(subscription.get("priceId").stringValue()).isEqualTo(price);
        assertThat(subscription.get("metadata").get("plan").stringValue()).isEqualTo("gold");
        assertThat(subscription.get("mode").stringValue()).isEqualTo("test");
        assertThat(subscription.get("trialEnd").isNull())
                .as("trial from the price")
                .isFalse();
        assertThat(created.get("invoice").get("subscriptionId").stringValue()).isEqualTo(id);
        assertThat(created.get("invoice").get("id").stringValue()).startsWith("inv_");
        assertThat(created.get("checkoutUrl").stringValue())
                .isEqualTo("https://pay.example.test/checkout/subscribe/" + id);

        var read = body(
                get(merchant, "test", "/v1/subscriptions/" + id).expectStatus().isOk());
        assertThat(read).isEqualTo(subscription);
    }

    @Test
    void shouldUseTheMerchantsDefaultPayoutWhenTheRequestHasNone() {
        var merchant = newMerchant("0x3333333333333333333333333333333333333333");

        var created = created(post(
                merchant,
                "live",
                Map.of(
                        "merchantRef",
                        "order-2",
                        "customerWallet",
                        WALLET,
                        "amountUsdc",
                        new java.math.BigDecimal("9.990"),
                        "interval",
                        "month")));

        var subscription = created.get("subscription");
        assertThat(subscription.get("payoutAddressEvm").stringValue())
                .isEqualTo("0x3333333333333333333333333333333333333333");
        assertThat(subscription.get("amountUsdc").toString()).isEqualTo("9.99");
        assertThat(subscription.get("mode").stringValue()).isEqualTo("live");
    }

    @Test
    void shouldUseTheNewDefaultPayoutRightAfterTheOperatorChangesIt() {
        // Protects against the merchant cache serving the old address on the replica that made the change.
        var merchant = newMerchant("0x3333333333333333333333333333333333333333");
        var request = Map.<String, Object>of(
                "merchantRef", "order-2b", "customerWallet", WALLET, "amountUsdc", 5, "interval", "month");
        var before = created(post(merchant, "test", request)).get("subscription");

        admin(http.patch()
                        .uri("/admin/v1/merchants/{id}", merchant.id())
                        .bodyValue(Map.of("payoutAddressEvm", "0x4444444444444444444444444444444444444444")))
                .exchange()
                .expectStatus()
                .isOk()
                .expectBody()
                .returnResult();
        var after = created(post(merchant, "test", request)).get("subscription");

        assertThat(before.get("payoutAddressEvm").stringValue())
                .isEqualTo("0x3333333333333333333333333333333333333333");
        assertThat(after.get("payoutAddressEvm").stringValue()).isEqualTo("0x4444444444444444444444444444444444444444");
    }

    @Test
    void shouldAnswerPayoutAddressRequiredWhenNeitherRequestNorMerchantHasOne() {
        var merchant = newMerchant();

        var error = body(post(
                        merchant,
                        "test",
                        Map.of(
                                "merchantRef",
                                "order-3",
                                "customerWallet",
                                WALLET,
                                "amountUsdc",
                                5,
                                "interval",
                                "month"))
                .expectStatus()
                .isBadRequest());

        assertThat(error.get("code").stringValue()).isEqualTo("payout_address_required");
        assertThat(TestKafka.commands(c -> c.getMerchantId().equals(merchant.id())))
                .isEmpty();
    }

    @Test
    void shouldRefuseThePriceWhenItIsUnknownForeignArchivedOrOneTime() {
        var merchant = newMerchant();
        var other = newMerchant();
        var foreign = price(other, "test", "1", "month", 0, true);
        var liveOnly = price(merchant, "live", "1", "month", 0, true);
        var archived = price(merchant, "test", "1", "month", 0, false);
        var once = price(merchant, "test", "1", "once", 0, true);
        var cases = Map.of(
                "price_01jcrgx3b2m0x9k8d7f6e5a4s3",
                "resource_missing",
                "not-a-price-id",
                "resource_missing",
                foreign,
                "resource_missing",
                liveOnly,
                "resource_missing",
                archived,
                "price_inactive",
                once,
                "validation_error");

        cases.forEach((priceId, code) -> {
            var error = body(post(
                            merchant,
                            "test",
                            Map.of(
                                    "merchantRef",
                                    "order-4",
                                    "customerWallet",
                                    WALLET,
                                    "payoutAddressEvm",
                                    PAYOUT,
                                    "priceId",
                                    priceId))
                    .expectStatus()
                    .isBadRequest());
            assertThat(error.get("code").stringValue()).as(priceId).isEqualTo(code);
            assertThat(error.get("param").stringValue()).as(priceId).isEqualTo("priceId");
        });
        assertThat(TestKafka.commands(c -> c.getMerchantId().equals(merchant.id())))
                .isEmpty();
    }

    @Test
    void shouldAnswer400WithCodeAndParamAndSendNothingWhenTheCreateIsMalformed() {
        var merchant = newMerchant();
        var cases = new ArrayList<>(BadCreateRequests.cases());
        cases.addAll(BadCreateRequests.undecodable());

        for (var bad : cases) {
            var error = body(http.post()
                    .uri("/v1/subscriptions")
                    .header("x-service-api-key", merchant.testKey())
                    .contentType(MediaType.APPLICATION_JSON)
                    .bodyValue(bad.body())
                    .exchange()
                    .expectStatus()
                    .isBadRequest());
            assertThat(error.get("code").stringValue()).as(bad.name()).isEqualTo(bad.code());
            assertThat(error.get("error").stringValue()).as(bad.name()).isNotBlank();
            if (bad.param() != null) {
                assertThat(error.get("param").stringValue()).as(bad.name()).isEqualTo(bad.param());
            }
        }
        assertThat(cases).hasSizeGreaterThanOrEqualTo(40);
        assertThat(TestKafka.commands(c -> c.getMerchantId().equals(merchant.id())))
                .as("commands produced")
                .isEmpty();
        assertThat(database().count("SELECT count(*) FROM subscriptions WHERE merchant_id = ?", merchant.id()))
                .isZero();
    }

    @Test
    void shouldSeeEveryCreateInGetAndListRightAfterIts201() {
        var merchant = newMerchant();
        var millis = new ArrayList<Long>();
        for (int i = 0; i < 15; i++) {
            var began = System.nanoTime();
            var id = created(post(merchant, "test", adHoc("ryw-" + i)))
                    .get("subscription")
                    .get("id")
                    .stringValue();
            millis.add((System.nanoTime() - began) / 1_000_000);

            get(merchant, "test", "/v1/subscriptions/" + id).expectStatus().isOk();
            var newest = body(get(merchant, "test", "/v1/subscriptions?limit=1")
                            .expectStatus()
                            .isOk())
                    .get("subscriptions");
            assertThat(newest.get(0).get("id").stringValue())
                    .as("create %d is first in the list", i)
                    .isEqualTo(id);
        }
        LoggerFactory.getLogger(SubscriptionApiIT.class)
                .info(
                        "measured sequential create latency (stand-in processor):" + " p50={} ms max={} ms",
                        millis.stream().sorted().toList().get(7),
                        millis.stream().max(Long::compare).orElseThrow());
    }

    @Test
    void shouldListNewestFirstAndPageWithStartingAfterWhenFilteredByStatus() {
        var merchant = newMerchant();
        var ids = new ArrayList<String>();
        for (int i = 0; i < 5; i++) {
            ids.add(created(post(merchant, "test", adHoc("list-" + i)))
                    .get("subscription")
                    .get("id")
                    .stringValue());
        }
        var newestFirst = ids.reversed();

        var first = body(get(merchant, "test", "/v1/subscriptions?status=incomplete&limit=2")
                .expectStatus()
                .isOk());
        var second = body(get(
                        merchant,
                        "test",
                        "/v1/subscriptions?status=incomplete&limit=2&startingAfter="
                                + first.get("subscriptions").get(1).get("id").stringValue())
                .expectStatus()
                .isOk());
        var last = body(get(
                        merchant,
                        "test",
                        "/v1/subscriptions?limit=2&startingAfter="
                                + second.get("subscriptions").get(1).get("id").stringValue())
                .expectStatus()
                .isOk());

        assertThat(idsOf(first)).containsExactlyElementsOf(newestFirst.subList(0, 2));
        assertThat(first.get("hasMore").booleanValue()).isTrue();
        assertThat(idsOf(second)).containsExactlyElementsOf(newestFirst.subList(2, 4));
        assertThat(idsOf(last)).containsExactly(newestFirst.get(4));
        assertThat(last.get("hasMore").booleanValue()).isFalse();
        assertThat(idsOf(body(get(merchant, "test", "/v1/subscriptions?status=active")
                        .expectStatus()
                        .isOk())))
                .isEmpty();
        assertThat(idsOf(body(get(merchant, "live", "/v1/subscriptions")
                        .expectStatus()
                        .isOk())))
                .as("other mode")
                .isEmpty();
        assertThat(idsOf(body(get(newMerchant(), "test", "/v1/subscriptions")
                        .expectStatus()
                        .isOk())))
                .as("other merchant")
                .isEmpty();
    }

    @Test
    void shouldRefuseTheListWhenStatusOrPagingIsInvalid() {
        var merchant = newMerchant();
        for (var query : List.of(
                "status=trialing",
                "status=",
                "status=ACTIVE",
                "limit=0",
                "limit=101",
                "limit=ten",
                "startingAfter=inv_01jcrgx3b2m0x9k8d7f6e5a4s3")) {
            var error = body(get(merchant, "test", "/v1/subscriptions?" + query)
                    .expectStatus()
                    .isBadRequest());
            assertThat(error.get("code").stringValue()).as(query).isEqualTo("validation_error");
            assertThat(error.get("param").stringValue()).as(query).isEqualTo(query.substring(0, query.indexOf('=')));
        }
    }

    @Test
    void shouldAnswer404WhenTheSubscriptionIsAnotherMerchantsOrModesOrMalformed() {
        var merchant = newMerchant();
        var id = created(post(merchant, "test", adHoc("tenancy")))
                .get("subscription")
                .get("id")
                .stringValue();

        record Probe(TestMerchant merchant, String mode, String id) {}
        for (var probe : List.of(
                new Probe(newMerchant(), "test", id),
                new Probe(merchant, "live", id),
                new Probe(merchant, "test", "sub_01jcrgx3b2m0x9k8d7f6e5a4s3"),
                new Probe(merchant, "test", "not-an-id"),
                new Probe(merchant, "test", id.replace("sub_", "inv_")))) {
            var error = body(get(probe.merchant(), probe.mode(), "/v1/subscriptions/" + probe.id())
                    .expectStatus()
                    .isNotFound());
            assertThat(error.get("code").stringValue()).isEqualTo("resource_missing");
        }
    }

    @Test
    void shouldAnswerTheProcessorsRejectionWhenTheCommandIsRejected() {
        var merchant = newMerchant();

        var refused = body(post(merchant, "test", adHoc("reject:subscription_create_failed"))
                .expectStatus()
                .isBadRequest());
        var missing = body(post(merchant, "test", adHoc("reject:resource_missing"))
                .expectStatus()
                .isNotFound());

        assertThat(refused.get("code").stringValue()).isEqualTo("subscription_create_failed");
        assertThat(refused.get("error").stringValue()).isEqualTo("refused by the test processor");
        assertThat(missing.get("code").stringValue()).isEqualTo("resource_missing");
    }

    @Test
    void shouldStampTheCommandWithCallerTimeKeyAndRequestIdWhenCreating() {
        var merchant = newMerchant();
        var before = Instant.now().minusMillis(1);

        var result = post(merchant, "live", adHoc("stamped"), "stamp-key-1")
                .expectStatus()
                .isCreated()
                .expectBody(JsonNode.class)
                .returnResult();
        var subscriptionId =
                result.getResponseBody().get("subscription").get("id").stringValue();

        var commands = TestKafka.commands(c -> c.getMerchantId().equals(merchant.id()));
        assertThat(commands).hasSize(1);
        var command = commands.getFirst();
        assertThat(command.getSubscriptionId()).isEqualTo(subscriptionId);
        assertThat(command.getMode()).isEqualTo(Mode.LIVE);
        assertThat(command.getIdempotencyKey()).isEqualTo("stamp-key-1");
        assertThat(command.getRequestId()).isEqualTo(result.getResponseHeaders().getFirst("x-request-id"));
        assertThat(command.getCommandId()).startsWith("cmd_");
        assertThat(command.getRequestedAt()).isBetween(before, Instant.now());
        var payload = (CreateSubscription) command.getPayload();
        assertThat(payload.getAmountMicros()).isEqualTo(9_990_000L);
        assertThat(payload.getInvoiceId())
                .isEqualTo(result.getResponseBody().get("invoice").get("id").stringValue());
        assertThat(payload.getPayoutAddress()).isEqualTo(PAYOUT);
    }

    @Test
    void shouldReportTheProjectorUpInHealthWhenItRuns() {
        var health = body(
                http.get().uri("/actuator/health").exchange().expectStatus().isOk());

        var projector = health.get("components").get("projector");
        assertThat(projector.get("status").stringValue()).isEqualTo("UP");
        assertThat(projector.get("details").get("state").stringValue()).isEqualTo("RUNNING");
        assertThat(projector.get("details").get("listening").booleanValue()).isTrue();
        assertThat(health.get("components").get("billingStreams").get("status").stringValue())
                .as("the stand-in processor is in billing-streams' consumer group")
                .isEqualTo("UP");
        assertThat(health.get("components").get("settlement").get("status").stringValue())
                .as("the stand-in processor is in the settlement service's consumer group")
                .isEqualTo("UP");
        assertThat(health.get("status").stringValue()).isEqualTo("UP");
    }

    static Map<String, Object> adHoc(String merchantRef) {
        return Map.of(
                "merchantRef",
                merchantRef,
                "customerWallet",
                WALLET,
                "payoutAddressEvm",
                PAYOUT,
                "amountUsdc",
                new java.math.BigDecimal("9.99"),
                "interval",
                "month");
    }

    static List<String> idsOf(JsonNode list) {
        var ids = new ArrayList<String>();
        list.get("subscriptions").forEach(s -> ids.add(s.get("id").stringValue()));
        return ids;
    }

    /** A price made through the catalog API (archived afterwards when not {@code active}); returns its id. */
    String price(
            TestMerchant merchant, String mode, String amountUsdc, String interval, int trialDays, boolean active) {
        var product = body(http.post()
                .uri("/v1/products")
                .header("x-service-api-key", merchant.key(mode))
                .bodyValue(Map.of(
                        "name",
                        "Plan",
                        "prices",
                        List.of(Map.of(
                                "amountUsdc",
                                new java.math.BigDecimal(amountUsdc),
                                "interval",
                                interval,
                                "trialDays",
                                trialDays))))
                .exchange()
                .expectStatus()
                .isCreated());
        var priceId = product.get("product").get("prices").get(0).get("id").stringValue();
        if (!active) {
            http.patch()
                    .uri("/v1/prices/{id}", priceId)
                    .header("x-service-api-key", merchant.key(mode))
                    .bodyValue(Map.of("active", false))
                    .exchange()
                    .expectStatus()
                    .isOk()
                    .expectBody()
                    .returnResult();
        }
        return priceId;
    }

    WebTestClient.ResponseSpec post(TestMerchant merchant, String mode, Object body) {
        return http.post()
                .uri("/v1/subscriptions")
                .header("x-service-api-key", merchant.key(mode))
                .contentType(MediaType.APPLICATION_JSON)
                .bodyValue(body)
                .exchange();
    }

    WebTestClient.ResponseSpec post(TestMerchant merchant, String mode, Object body, String key) {
        return http.post()
                .uri("/v1/subscriptions")
                .header("x-service-api-key", merchant.key(mode))
                .header("Idempotency-Key", key)
                .contentType(MediaType.APPLICATION_JSON)
                .bodyValue(body)
                .exchange();
    }

    WebTestClient.ResponseSpec get(TestMerchant merchant, String mode, String path) {
        return http.get()
                .uri(path)
                .header("x-service-api-key", merchant.key(mode))
                .exchange();
    }

    static JsonNode created(WebTestClient.ResponseSpec response) {
        return body(response.expectStatus().isCreated());
    }

    static JsonNode body(WebTestClient.ResponseSpec response) {
        return response.expectBody(JsonNode.class).returnResult().getResponseBody();
    }
}
