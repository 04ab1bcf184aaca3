package io.abk.billing.gateway.checkout;

import static org.assertj.core.api.Assertions.assertThat;

import io.abk.billing.gateway.testkit.LifecycleIT;
import io.abk.billing.gateway.testkit.TestMerchant;
import java.math.BigDecimal;
import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.springframework.http.HttpMethod;

/**
 * The promotion code field of a subscription's hosted checkout: offered only when the create asked for
 * {@code allowPromotionCodes}, a code of the merchant's mode re-prices the first payment the session and the page show,
 * and a refusal is a 400 whose code the page puts in words.
 */
class CheckoutPromotionCodeIT extends LifecycleIT {

    @Test
    void shouldApplyACodeOnlyWhereAllowedRepricingTheFirstPaymentAndRefuseUnknownAndUsedUpCodes() {
        var merchant = newMerchant();
        var couponId = post(
                        merchant, "test", "/v1/coupons", "{\"name\":\"HALF\",\"percentOff\":50,\"duration\":\"once\"}")
                .body()
                .at("/coupon/id")
                .stringValue();
        var code = post(
                merchant,
                "test",
                "/v1/promotion_codes",
                Map.of("couponId", couponId, "code", "HALF50", "maxRedemptions", 1));
        assertThat(code.status()).as(code.text()).isEqualTo(201);
        var allowed = subscription(merchant, true);
        var plain = subscription(merchant, false);
        var other = subscription(merchant, true);

        var page = call(HttpMethod.GET, "/checkout/subscribe/" + allowed, null, null, null);
        var plainPage = call(HttpMethod.GET, "/checkout/subscribe/" + plain, null, null, null);
        var unknown = apply(allowed, "NOPE99");
        var malformed = apply(allowed, "no spaces");
        var refusedHere = apply(plain, "HALF50");
        var applied = apply(allowed, "half50");
        var usedUp = apply(other, "HALF50");
        var shown = call(HttpMethod.GET, "/checkout/subscribe/" + allowed, null, null, null);

        assertThat(page.text()).contains("data-promotion-code", "<label for=\"promotion-code\">Promotion code</label>");
        assertThat(plainPage.text()).doesNotContain("data-promotion-code-input");
        assertThat(unknown.code()).as(unknown.text()).isEqualTo("coupon_not_found");
        assertThat(malformed.code()).as(malformed.text()).isEqualTo("validation_error");
        assertThat(refusedHere.code()).as(refusedHere.text()).isEqualTo("promotion_codes_not_allowed");
        assertThat(applied.status()).as(applied.text()).isEqualTo(200);
        assertThat(applied.body().get("firstPaymentUsdc").decimalValue()).isEqualByComparingTo("4.995");
        assertThat(applied.body().get("amountUsdc").decimalValue())
                .as("the mandate stays at the undiscounted amount")
                .isEqualByComparingTo("9.99");
        assertThat(applied.body().get("discount").stringValue()).isEqualTo("HALF (50% off)");
        assertThat(applied.body().get("allowPromotionCodes").booleanValue()).isTrue();
        assertThat(usedUp.status()).isEqualTo(400);
        assertThat(usedUp.code()).as(usedUp.text()).isEqualTo("promotion_code_exhausted");
        assertThat(shown.text()).contains("First payment: <span data-first-payment-amount>4.995</span> USDC");
    }

    private String subscription(TestMerchant merchant, boolean allowPromotionCodes) {
        var body = new HashMap<String, Object>();
        body.put("merchantRef", "ref-" + System.nanoTime());
        body.put("customerWallet", WALLET);
        body.put("payoutAddressEvm", PAYOUT);
        body.put("amountUsdc", new BigDecimal("9.99"));
        body.put("interval", "month");
        body.put("allowPromotionCodes", allowPromotionCodes);
        var reply = post(merchant, "test", "/v1/subscriptions", body);
        assertThat(reply.status()).as(reply.text()).isEqualTo(201);
        return reply.body().at("/subscription/id").stringValue();
    }

    private Reply apply(String subscriptionId, String code) {
        return call(
                HttpMethod.POST,
                "/checkout/subscribe/" + subscriptionId + "/promotion_code",
                null,
                Map.of("code", code),
                null);
    }
}
