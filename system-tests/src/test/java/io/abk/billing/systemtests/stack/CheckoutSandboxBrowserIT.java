package io.abk.billing.systemtests.stack;

import static org.assertj.core.api.Assertions.assertThat;

import io.abk.billing.systemtests.stack.CheckoutBrowser.Result;
import io.abk.billing.systemtests.stack.CheckoutBrowser.Scenario;
import java.math.BigDecimal;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * The checkout pages in the sandbox (test mode without a chain), in a real headless Chromium: no wallet is needed,
 * the page says it is test mode, and one click simulates the payment or the subscription's activation through the
 * sandbox's own confirm and activate. Photographed and checked with axe-core like the chain's pages
 * ({@link CheckoutBrowserIT}).
 */
@ExtendWith(SharedStack.class)
@Order(SharedStack.ORDER)
class CheckoutSandboxBrowserIT {

    private static Api api;
    private static TestMerchant shop;
    private static String paymentId;
    private static String subscriptionId;
    private static Map<String, Result> results;

    @BeforeAll
    static void runTheBrowserScenarios(Api shared) {
        if (!CheckoutBrowser.available()) {
            return; // each test is then skipped, saying why
        }
        api = shared;
        shop = api.newMerchantDisplayed("Acme Coffee");
        var payment = Payments.create(api, shop.testKey(), "sandbox-browser", "9.99");
        paymentId = payment.at("/payment/id").asString();
        var subscription = api.post(Subscriptions.PATH)
                .key(shop.testKey())
                .json(Subscriptions.adHoc("sandbox-browser", new BigDecimal("12.5"), "month"))
                .send()
                .expect(201)
                .json();
        subscriptionId = subscription.at("/subscription/id").asString();
        results = CheckoutBrowser.run(
                List.of(
                        new Scenario(
                                "pay-sandbox",
                                "pay-simulate",
                                Map.of("url", payment.path("checkoutUrl").asString())),
                        new Scenario(
                                "subscribe-sandbox",
                                "subscribe-simulate",
                                Map.of("url", subscription.path("checkoutUrl").asString()))),
                null,
                2);
    }

    @BeforeEach
    void needChromium() {
        CheckoutBrowser.assumeAvailable();
    }

    @Test
    void shouldPayThePaymentInTheSandboxWhenTheCustomerSimulatesIt() {
        results.get("pay-sandbox").assertPassed();

        var payment = api.get(Payments.PAYMENTS + "/" + paymentId)
                .key(shop.testKey())
                .send()
                .expect(200)
                .json()
                .path("payment");
        assertThat(payment.path("status").asString()).isEqualTo("paid");
    }

    @Test
    void shouldActivateTheSubscriptionInTheSandboxWhenTheCustomerSimulatesIt() {
        results.get("subscribe-sandbox").assertPassed();

        assertThat(Subscriptions.get(api, shop.testKey(), subscriptionId)
                        .expect(200)
                        .json()
                        .path("status")
                        .asString())
                .isEqualTo("active");
    }
}
