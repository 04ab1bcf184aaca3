package io.abk.billing.systemtests.stack;

import static org.assertj.core.api.Assertions.assertThat;

import java.math.BigDecimal;
import java.time.Duration;
import java.util.Map;
import org.awaitility.Awaitility;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Coupons and promotion codes through the whole stack: a subscription created with a coupon answers 201 with its
 * discount and the discounted first invoice; the coupon's processor is the single writer of its redemption count, so
 * {@code maxRedemptions} holds exactly under concurrent creates through a promotion code, and the code gives back
 * every redemption its coupon refused.
 */
@ExtendWith(SharedStack.class)
@Order(SharedStack.ORDER)
class CouponsIT {

    private static Api api;
    private static TestMerchant merchant;

    @BeforeAll
    static void setUp(Api shared) {
        api = shared;
        merchant = api.newMerchant("coupons");
    }

    @Test
    void shouldRedeemACouponOfThreeUsesExactlyThreeTimesWhenTwelveCustomersUseItsCodeAtOnce() {
        // given a coupon of 20 % off the first invoice, 3 uses, and a code of it
        var coupon = api.post("/v1/coupons")
                .key(merchant.testKey())
                .json(Map.of("name", "WELCOME", "percentOff", 20, "duration", "once", "maxRedemptions", 3))
                .send()
                .expect(201)
                .json()
                .path("coupon");
        var couponId = coupon.path("id").asString();
        var code = api.post("/v1/promotion_codes")
                .key(merchant.testKey())
                .json(Map.of("couponId", couponId, "code", "Welcome20"))
                .send()
                .expect(201)
                .json()
                .path("promotionCode");

        // when twelve subscriptions of 9.99 USDC a month are created with the code at once
        var replies = GuardRace.race(12, i -> {
            var body = Subscriptions.adHoc("coupon-" + i, new BigDecimal("9.99"), "month");
            body.put("promotionCode", "WELCOME20");
            return api.post(Subscriptions.PATH).key(merchant.testKey()).json(body);
        });

        // then exactly three are created, each with a first invoice of 7.992 USDC, its discount line the coupon's (a
        // once coupon: that first invoice used the discount up, so the subscription holds none after it)
        var created = GuardRace.withStatus(replies, 201);
        assertThat(created).hasSize(3).allSatisfy(reply -> {
            var answer = reply.json();
            assertThat(Json.decimal(answer.at("/invoice/amountUsdc"))).isEqualByComparingTo("7.992");
            assertThat(Json.decimal(answer.at("/invoice/discountUsdc"))).isEqualByComparingTo("1.998");
            assertThat(answer.at("/invoice/lines/1/description").asString()).isEqualTo("WELCOME (20% off)");
            assertThat(answer.at("/subscription/discount").isNull()).isTrue();
        });
        assertThat(code.path("id").asString()).startsWith("promo_");
        // and the other nine are refused by the coupon, which is used up
        assertThat(replies)
                .filteredOn(reply -> reply.status() != 201)
                .hasSize(9)
                .allSatisfy(reply -> GuardRace.assertRefusal(reply, "coupon_exhausted"));
        var counted = api.get("/v1/coupons/" + couponId)
                .key(merchant.testKey())
                .send()
                .expect(200)
                .json()
                .path("coupon");
        assertThat(counted.path("timesRedeemed").asInt()).isEqualTo(3);
        assertThat(counted.path("valid").asBoolean()).isFalse();
        // and the code, which counted all twelve as they came, gives the nine refused ones back
        Awaitility.await()
                .atMost(Duration.ofSeconds(20))
                .pollInterval(Duration.ofMillis(200))
                .untilAsserted(() -> assertThat(
                                api.get("/v1/promotion_codes/" + code.path("id").asString())
                                        .key(merchant.testKey())
                                        .send()
                                        .expect(200)
                                        .json()
                                        .at("/promotionCode/timesRedeemed")
                                        .asInt())
                        .isEqualTo(3));
    }

    @Test
    void shouldRefuseAnotherMerchantsCouponAsUnknownAndAnswerItsReadsAs404() {
        var other = api.newMerchant("coupons-other");
        var couponId = api.post("/v1/coupons")
                .key(other.testKey())
                .json(Map.of("name", "OTHER", "amountOffUsdc", 1, "duration", "forever"))
                .send()
                .expect(201)
                .json()
                .at("/coupon/id")
                .asString();
        var body = Subscriptions.adHoc("foreign-coupon");
        body.put("couponId", couponId);

        var refused =
                api.post(Subscriptions.PATH).key(merchant.testKey()).json(body).send();

        assertThat(refused.status()).as(refused.toString()).isEqualTo(400);
        assertThat(refused.code()).isEqualTo("coupon_not_found");
        api.get("/v1/coupons/" + couponId).key(merchant.testKey()).send().expect(404);
        api.get("/v1/coupons/" + couponId).key(other.liveKey()).send().expect(404);
    }
}
