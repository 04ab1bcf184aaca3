package io.abk.billing.gateway.api.coupon;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.abk.billing.gateway.testkit.PaymentsIT;
import io.abk.billing.gateway.testkit.TestKafka;
import io.abk.billing.gateway.testkit.TestMerchant;
import io.abk.billing.schemas.avro.CouponCommand;
import io.abk.billing.schemas.avro.CreateCoupon;
import io.abk.billing.schemas.avro.PromotionCodeCommand;
import io.abk.billing.schemas.ids.PromotionCodeIds;
import io.abk.billing.schemas.topic.Topics;
import java.math.BigDecimal;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.springframework.http.HttpMethod;
import tools.jackson.databind.JsonNode;

/**
 * {@code /v1/coupons} and {@code /v1/promotion_codes} over HTTP against the stand-in processor: create (the exact
 * shape, percentOff exact), get, list (pages, code in any case, couponId), disable and deactivate, every bad input a
 * 4xx with its code and nothing sent, tenancy (another merchant's or mode's coupon: 404 on reads, coupon_not_found on
 * use), and a subscription created or updated with a coupon or a code: the 201 carries the subscription's discount and
 * the discounted first invoice, refusals are 400 with the coupon's or code's code.
 */
class CouponApiIT extends PaymentsIT {

    static final List<String> COUPON_FIELDS = List.of(
            "id",
            "object",
            "name",
            "percentOff",
            "amountOffUsdc",
            "duration",
            "durationInMonths",
            "maxRedemptions",
            "timesRedeemed",
            "redeemBy",
            "valid",
            "metadata",
            "mode",
            "createdAt",
            "disabledAt");

    @Test
    void shouldCreateGetListAndDisableCouponsWithinTheCallersMerchantAndMode() {
        var merchant = newMerchant();
        var key = UUID.randomUUID().toString();
        var percentBody = "{\"name\":\"WELCOME\",\"percentOff\":12.5,\"duration\":\"repeating\",\"durationInMonths\":3,"
                + "\"maxRedemptions\":10,\"metadata\":{\"campaign\":\"spring\"}}";

        var percent = call(HttpMethod.POST, "/v1/coupons", merchant.testKey(), percentBody, key);
        var replay = call(HttpMethod.POST, "/v1/coupons", merchant.testKey(), percentBody, key);
        var amount = coupon(merchant, "test", "{\"name\":\"FIVE\",\"amountOffUsdc\":5.000001,\"duration\":\"once\"}");
        var live = coupon(merchant, "live", "{\"name\":\"LIVE\",\"percentOff\":100,\"duration\":\"forever\"}");

        assertThat(percent.status()).as(percent.text()).isEqualTo(201);
        assertThat(fieldNames(percent.body())).containsExactly("coupon");
        var created = percent.body().get("coupon");
        assertThat(fieldNames(created)).containsExactlyElementsOf(COUPON_FIELDS);
        assertThat(created.get("object").stringValue()).isEqualTo("coupon");
        assertThat(created.get("percentOff").decimalValue()).isEqualByComparingTo("12.5");
        assertThat(percent.text()).as("exact, never through a double").contains("\"percentOff\":12.5,");
        assertThat(created.get("amountOffUsdc").isNull()).isTrue();
        assertThat(created.get("durationInMonths").intValue()).isEqualTo(3);
        assertThat(created.get("timesRedeemed").intValue()).isZero();
        assertThat(created.get("valid").booleanValue()).isTrue();
        assertThat(created.get("metadata").get("campaign").stringValue()).isEqualTo("spring");
        assertThat(replay.body()).isEqualTo(percent.body());
        assertThat(replay.header("Idempotent-Replayed")).isEqualTo("true");
        assertThat(amount.get("amountOffUsdc").decimalValue()).isEqualByComparingTo("5.000001");
        assertThat(amount.get("percentOff").isNull()).isTrue();
        var id = id(created);
        assertThat(get(merchant, "test", "/v1/coupons/" + id).body()).isEqualTo(percent.body());
        assertThat(ids(get(merchant, "test", "/v1/coupons"), "coupons")).containsExactly(id(amount), id);
        var page1 = get(merchant, "test", "/v1/coupons?limit=1");
        assertThat(ids(page1, "coupons")).containsExactly(id(amount));
        assertThat(page1.body().get("hasMore").booleanValue()).isTrue();
        assertThat(ids(get(merchant, "test", "/v1/coupons?limit=1&startingAfter=" + id(amount)), "coupons"))
                .containsExactly(id);
        assertThat(ids(get(merchant, "live", "/v1/coupons"), "coupons")).containsExactly(id(live));
        for (var refused : List.of(
                get(newMerchant(), "test", "/v1/coupons/" + id),
                get(merchant, "live", "/v1/coupons/" + id),
                call(
                        HttpMethod.POST,
                        "/v1/coupons/" + id + "/disable",
                        newMerchant().testKey(),
                        null,
                        null))) {
            assertThat(refused.status()).as(refused.text()).isEqualTo(404);
            assertThat(refused.code()).isEqualTo("resource_missing");
        }

        var disabled = post(merchant, "test", "/v1/coupons/" + id + "/disable", null);
        var again = post(merchant, "test", "/v1/coupons/" + id + "/disable", null);

        assertThat(disabled.status()).as(disabled.text()).isEqualTo(200);
        assertThat(disabled.body().get("coupon").get("valid").booleanValue()).isFalse();
        assertThat(disabled.body().get("coupon").get("disabledAt").isNull()).isFalse();
        assertThat(again.status()).as(again.text()).isEqualTo(200);
        assertThat(again.body()).isEqualTo(disabled.body());
        assertThat(couponCommands(merchant))
                .as("the replay sent nothing more")
                .filteredOn(command -> command.getPayload() instanceof CreateCoupon)
                .hasSize(3);
    }

    @Test
    void shouldRefuseEveryBadCouponAndPromotionCodeWithItsCodeAndSendNothing() {
        var merchant = newMerchant();
        var key = merchant.testKey();
        var couponId = id(coupon(merchant, "test", "{\"name\":\"OK\",\"percentOff\":10,\"duration\":\"once\"}"));
        var othersCoupon =
                id(coupon(newMerchant(), "test", "{\"name\":\"X\",\"percentOff\":10,\"duration\":\"once\"}"));
        var liveCoupon = id(coupon(merchant, "live", "{\"name\":\"L\",\"percentOff\":10,\"duration\":\"once\"}"));
        int sent = couponCommands(merchant).size();
        var past = Instant.now().minus(Duration.ofHours(1)).toString();
        var requests = new ArrayList<BadRequest>();
        for (var percent : List.of("0", "-5", "100.01", "12.345", "\"20\"", "true", "1e3")) {
            requests.add(coupon(key, "percentOff " + percent, "\"percentOff\":" + percent, "invalid_percent_off"));
        }
        requests.add(coupon(key, "neither", "\"name\":\"N\"", "invalid_coupon"));
        requests.add(coupon(key, "both", "\"amountOffUsdc\":1", "invalid_coupon"));
        requests.add(coupon(key, "amount of 7 decimals", "\"amountOffUsdc\":1.0000001", "validation_error"));
        requests.add(coupon(key, "repeating without months", "\"duration\":\"repeating\"", "validation_error"));
        requests.add(coupon(key, "once with months", "\"durationInMonths\":2", "validation_error"));
        requests.add(
                coupon(key, "121 months", "\"duration\":\"repeating\",\"durationInMonths\":121", "validation_error"));
        requests.add(coupon(key, "maxRedemptions 0", "\"maxRedemptions\":0", "validation_error"));
        requests.add(coupon(key, "redeemBy past", "\"redeemBy\":\"" + past + "\"", "validation_error"));
        requests.add(coupon(key, "unknown duration", "\"duration\":\"weekly\"", "validation_error"));
        requests.add(
                new BadRequest("array body", key, HttpMethod.POST, "/v1/coupons", "[]", 400, "validation_error", null));
        for (var code : List.of("ab", "has space", "x".repeat(41), "émoji")) {
            requests.add(code(key, "code " + code, couponId, code, 400, "validation_error"));
        }
        requests.add(
                code(key, "unknown coupon", "coupon_01JX0000000000000000000000", "OKCODE", 400, "coupon_not_found"));
        requests.add(code(key, "other merchant's coupon", othersCoupon, "OKCODE", 400, "coupon_not_found"));
        requests.add(code(key, "live coupon", liveCoupon, "OKCODE", 400, "coupon_not_found"));
        for (var query : List.of("code=a", "couponId=sub_1", "limit=0")) {
            requests.add(new BadRequest(
                    "list " + query,
                    key,
                    HttpMethod.GET,
                    "/v1/promotion_codes?" + query,
                    null,
                    400,
                    "validation_error",
                    query.substring(0, query.indexOf('='))));
        }

        assertRefused(requests);

        assertThat(couponCommands(merchant)).hasSize(sent);
        assertThat(codeCommands(merchant)).isEmpty();
    }

    @Test
    void shouldCreatePromotionCodesOnceInAnyCaseListThemByCodeAndCouponAndDeactivateThem() {
        var merchant = newMerchant();
        var coupon = id(coupon(merchant, "test", "{\"name\":\"W\",\"percentOff\":20,\"duration\":\"forever\"}"));
        var other = id(coupon(merchant, "test", "{\"name\":\"V\",\"amountOffUsdc\":1,\"duration\":\"once\"}"));

        var created = post(
                merchant,
                "test",
                "/v1/promotion_codes",
                Map.of("couponId", coupon, "code", "Spring-26", "maxRedemptions", 2, "metadata", Map.of("k", "v")));
        var again = post(merchant, "test", "/v1/promotion_codes", Map.of("couponId", other, "code", "SPRING-26"));
        var second = code(merchant, other, "summer_26");

        assertThat(created.status()).as(created.text()).isEqualTo(201);
        var code = created.body().get("promotionCode");
        assertThat(fieldNames(code))
                .containsExactly(
                        "id",
                        "object",
                        "code",
                        "couponId",
                        "active",
                        "maxRedemptions",
                        "timesRedeemed",
                        "expiresAt",
                        "metadata",
                        "mode",
                        "createdAt");
        assertThat(id(code)).isEqualTo(PromotionCodeIds.of(merchant.id(), "test", "spring-26"));
        assertThat(code.get("code").stringValue()).isEqualTo("Spring-26");
        assertThat(code.get("active").booleanValue()).isTrue();
        assertThat(again.status()).as(again.text()).isEqualTo(409);
        assertThat(again.code()).isEqualTo("promotion_code_exists");
        assertThat(ids(get(merchant, "test", "/v1/promotion_codes?code=spring-26"), "promotionCodes"))
                .containsExactly(id(code));
        assertThat(ids(get(merchant, "test", "/v1/promotion_codes?code=spring-26&couponId=" + other), "promotionCodes"))
                .isEmpty();
        assertThat(ids(get(merchant, "test", "/v1/promotion_codes?couponId=" + other), "promotionCodes"))
                .containsExactly(id(second));
        assertThat(ids(get(merchant, "test", "/v1/promotion_codes"), "promotionCodes"))
                .containsExactly(id(second), id(code));
        assertThat(ids(
                        get(merchant, "test", "/v1/promotion_codes?limit=1&startingAfter=" + id(second)),
                        "promotionCodes"))
                .containsExactly(id(code));
        assertThat(ids(get(merchant, "live", "/v1/promotion_codes?code=spring-26"), "promotionCodes"))
                .isEmpty();
        assertThat(get(newMerchant(), "test", "/v1/promotion_codes/" + id(code)).status())
                .isEqualTo(404);

        var deactivated = post(merchant, "test", "/v1/promotion_codes/" + id(code) + "/deactivate", null);

        assertThat(deactivated.status()).as(deactivated.text()).isEqualTo(200);
        assertThat(deactivated.body().get("promotionCode").get("active").booleanValue())
                .isFalse();
        assertThat(get(merchant, "test", "/v1/promotion_codes/" + id(code)).body())
                .isEqualTo(deactivated.body());
    }

    @Test
    void shouldCreateSubscriptionsWithACouponOrACodeAnsweringTheDiscountAndTheDiscountedFirstInvoice() {
        var merchant = newMerchant();
        var coupon = id(coupon(
                merchant,
                "test",
                "{\"name\":\"WELCOME\",\"percentOff\":20,\"duration\":\"once\",\"maxRedemptions\":2}"));
        var code = id(code(merchant, coupon, "Hello20"));
        var others = id(coupon(newMerchant(), "test", "{\"name\":\"O\",\"percentOff\":50,\"duration\":\"once\"}"));

        var byCoupon = post(merchant, "test", "/v1/subscriptions", subscription(Map.of("couponId", coupon)));
        var byCode = post(merchant, "test", "/v1/subscriptions", subscription(Map.of("promotionCode", "hello20")));
        var exhausted = post(merchant, "test", "/v1/subscriptions", subscription(Map.of("promotionCode", "HELLO20")));
        var foreign = post(merchant, "test", "/v1/subscriptions", subscription(Map.of("couponId", others)));
        var unknownCode = post(merchant, "test", "/v1/subscriptions", subscription(Map.of("promotionCode", "NOPE1")));
        var both = post(
                merchant,
                "test",
                "/v1/subscriptions",
                subscription(Map.of("couponId", coupon, "promotionCode", "HELLO20")));

        assertThat(byCoupon.status()).as(byCoupon.text()).isEqualTo(201);
        var subscription = byCoupon.body().get("subscription");
        var discount = subscription.get("discount");
        assertThat(discount.get("couponId").stringValue()).isEqualTo(coupon);
        assertThat(discount.get("percentOff").decimalValue()).isEqualByComparingTo("20");
        assertThat(discount.get("promotionCodeId").isNull()).isTrue();
        var invoice = byCoupon.body().get("invoice");
        assertThat(invoice.get("amountUsdc").decimalValue()).isEqualByComparingTo("7.992");
        assertThat(byCoupon.body().get("checkoutUrl").stringValue())
                .endsWith(subscription.get("id").stringValue());
        assertThat(get(
                                merchant,
                                "test",
                                "/v1/subscriptions/" + subscription.get("id").stringValue())
                        .body())
                .isEqualTo(subscription);
        assertThat(byCode.status()).as(byCode.text()).isEqualTo(201);
        assertThat(byCode.body()
                        .get("subscription")
                        .get("discount")
                        .get("promotionCodeId")
                        .stringValue())
                .isEqualTo(code);
        assertThat(exhausted.status()).as(exhausted.text()).isEqualTo(400);
        assertThat(exhausted.code()).isEqualTo("coupon_exhausted");
        assertThat(foreign.code()).as(foreign.text()).isEqualTo("coupon_not_found");
        assertThat(unknownCode.code()).as(unknownCode.text()).isEqualTo("coupon_not_found");
        assertThat(both.code()).as(both.text()).isEqualTo("invalid_discount");
        assertThat(get(merchant, "test", "/v1/coupons/" + coupon)
                        .body()
                        .get("coupon")
                        .get("timesRedeemed")
                        .intValue())
                .isEqualTo(2);
        // The coupon refused the third redemption after the code counted it: the code gives it back.
        await().atMost(Duration.ofSeconds(10))
                .untilAsserted(() -> assertThat(get(merchant, "test", "/v1/promotion_codes/" + code)
                                .body()
                                .get("promotionCode")
                                .get("timesRedeemed")
                                .intValue())
                        .isEqualTo(1));
    }

    @Test
    void shouldApplyAndRemoveADiscountByPatchRepricingTheOpenFirstInvoiceAndRefuseItWithOtherFields() {
        var merchant = newMerchant();
        var coupon = id(coupon(merchant, "test", "{\"name\":\"OFF\",\"amountOffUsdc\":2.5,\"duration\":\"forever\"}"));
        var created = post(merchant, "test", "/v1/subscriptions", subscription(Map.of()));
        var path = "/v1/subscriptions/"
                + created.body().get("subscription").get("id").stringValue();
        var invoicePath =
                "/v1/invoices/" + created.body().get("invoice").get("id").stringValue();

        var applied = call(HttpMethod.PATCH, path, merchant.testKey(), Map.of("couponId", coupon), null);
        var repriced = get(merchant, "test", invoicePath);
        var mixed = call(
                HttpMethod.PATCH,
                path,
                merchant.testKey(),
                Map.of("couponId", coupon, "metadata", Map.of("a", "b")),
                null);
        var removed = call(HttpMethod.PATCH, path, merchant.testKey(), "{\"couponId\":null}", null);
        var others = call(HttpMethod.PATCH, path, newMerchant().testKey(), Map.of("couponId", coupon), null);

        assertThat(applied.status()).as(applied.text()).isEqualTo(200);
        assertThat(applied.body()
                        .get("subscription")
                        .get("discount")
                        .get("amountOffUsdc")
                        .decimalValue())
                .isEqualByComparingTo("2.5");
        assertThat(repriced.body().get("amountUsdc").decimalValue()).isEqualByComparingTo("7.49");
        assertThat(mixed.status()).isEqualTo(400);
        assertThat(mixed.code()).isEqualTo("invalid_discount");
        assertThat(removed.status()).as(removed.text()).isEqualTo(200);
        assertThat(removed.body().get("subscription").get("discount").isNull()).isTrue();
        assertThat(get(merchant, "test", invoicePath).body().get("amountUsdc").decimalValue())
                .isEqualByComparingTo("9.99");
        assertThat(others.status()).isEqualTo(404);
    }

    private JsonNode coupon(TestMerchant merchant, String mode, String body) {
        var reply = post(merchant, mode, "/v1/coupons", body);
        assertThat(reply.status()).as(reply.text()).isEqualTo(201);
        return reply.body().get("coupon");
    }

    private JsonNode code(TestMerchant merchant, String couponId, String code) {
        var reply = post(merchant, "test", "/v1/promotion_codes", Map.of("couponId", couponId, "code", code));
        assertThat(reply.status()).as(reply.text()).isEqualTo(201);
        return reply.body().get("promotionCode");
    }

    /** A valid coupon body with {@code change} (raw JSON members) overriding or adding to it. */
    private static BadRequest coupon(String key, String name, String change, String code) {
        var base = new java.util.LinkedHashMap<String, String>();
        base.put("name", "\"C\"");
        base.put("percentOff", "10");
        base.put("duration", "\"once\"");
        for (var member : change.split(",(?=\")")) {
            int colon = member.indexOf(':');
            base.put(member.substring(1, colon - 1), member.substring(colon + 1));
        }
        if (name.equals("neither")) {
            base.remove("percentOff");
        }
        var body = new StringBuilder("{");
        base.forEach((field, value) -> body.append(body.length() > 1 ? "," : "")
                .append('"')
                .append(field)
                .append("\":")
                .append(value));
        return new BadRequest(name, key, HttpMethod.POST, "/v1/coupons", body + "}", 400, code, null);
    }

    private static BadRequest code(String key, String name, String couponId, String code, int status, String error) {
        var body = "{\"couponId\":\"" + couponId + "\",\"code\":\"" + code + "\"}";
        return new BadRequest(name, key, HttpMethod.POST, "/v1/promotion_codes", body, status, error, null);
    }

    private static Map<String, Object> subscription(Map<String, Object> discount) {
        var body = new HashMap<String, Object>(discount);
        body.put("merchantRef", "ref-" + System.nanoTime());
        body.put("customerWallet", WALLET);
        body.put("payoutAddressEvm", PAYOUT);
        body.put("amountUsdc", new BigDecimal("9.99"));
        body.put("interval", "month");
        return body;
    }

    private static String id(JsonNode resource) {
        return resource.get("id").stringValue();
    }

    private static List<String> ids(Reply list, String name) {
        assertThat(list.status()).as(list.text()).isEqualTo(200);
        var ids = new ArrayList<String>();
        list.body().get(name).forEach(item -> ids.add(item.get("id").stringValue()));
        return ids;
    }

    private static List<CouponCommand> couponCommands(TestMerchant merchant) {
        return TestKafka.records(
                Topics.COUPON_COMMANDS, command -> command.getMerchantId().equals(merchant.id()));
    }

    private static List<PromotionCodeCommand> codeCommands(TestMerchant merchant) {
        return TestKafka.records(
                Topics.PROMOTION_CODE_COMMANDS,
                command -> command.getMerchantId().equals(merchant.id()));
    }
}
