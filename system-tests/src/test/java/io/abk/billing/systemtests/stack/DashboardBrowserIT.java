package io.abk.billing.systemtests.stack;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import tools.jackson.databind.JsonNode;

/**
 * The dashboard in a real headless Chromium ({@code test-tools/dashboard-browser.mjs}): the owner of a team the operator
 * API made signs in with a wrong password and is refused, signs in, sees their team's home page in test mode, finds a
 * subscription made through the API, changes its amount (refused with seven decimals, then done) by keyboard at 360 px
 * and cancels it by mouse at 1280 px, each through its confirmation, opens every other section and the resource made
 * for it (at 1280 px also creating a payment link and a webhook endpoint through their forms; then measuring the home
 * page's first load, signing in with a second factor, having a developer join by an invitation and be refused money,
 * and branding the checkout), switches to live data and back, and signs out;
 * every page is photographed ({@code target/dashboard-screens}) and checked with axe-core, and what the pages did is
 * checked through the API.
 */
@ExtendWith(SharedStack.class)
@Order(SharedStack.ORDER)
class DashboardBrowserIT {

    static final Path SCREENS = Path.of("target", "dashboard-screens");
    /**
     * Both walks, about 80 pages each photographed and checked with axe-core: some six minutes on a busy two-core
     * machine, so room for half as much again.
     */
    private static final Duration RUN_LIMIT = Duration.ofMinutes(10);

    @Test
    void shouldSignInUseEverySectionChangeAndCancelASubscriptionSwitchModesAndSignOutByKeyboardAndMouse(Api api)
            throws Exception {
        CheckoutBrowser.assumeAvailable();
        try (var receiver = Receiver.start()) {
            signInAndUseEverySection(api, receiver);
        }
    }

    private static void signInAndUseEverySection(Api api, Receiver receiver) throws Exception {
        // given a team of one, its owner, made through the operator API
        var merchant = api.newMerchantDisplayed("Acme Coffee");
        var email = "owner-" + UUID.randomUUID() + "@acme.example";
        var password = "a long password " + UUID.randomUUID();
        var owner = api.admin("POST", "/admin/v1/merchants/" + merchant.id() + "/users")
                .json(Map.of("email", email, "password", password))
                .send()
                .expect(201)
                .json()
                .path("user");
        assertThat(owner.path("role").asString()).isEqualTo("owner");
        var key = merchant.testKey();
        var created = Subscriptions.create(api, key, "dash-" + UUID.randomUUID());
        var subscriptionId = created.path("subscription").path("id").asString();
        var paymentId = Payments.create(api, key, "dash-pay-" + UUID.randomUUID(), "3")
                .at("/payment/id")
                .asString();
        var linkId = Payments.createLink(api, key, Payments.link("4", Map.of("description", "Espresso beans")))
                .at("/paymentLink/id")
                .asString();
        var customerId = api.post("/v1/customers")
                .key(key)
                .json(Map.of(
                        "wallet",
                        "0x3333333333333333333333333333333333333333",
                        "email",
                        "ada@example.test",
                        "name",
                        "Ada"))
                .send()
                .expect(201)
                .json()
                .at("/customer/id")
                .asString();
        var couponId = api.post("/v1/coupons")
                .key(key)
                .json(Map.of("name", "WELCOME", "percentOff", 20, "duration", "once", "maxRedemptions", 100))
                .send()
                .expect(201)
                .json()
                .at("/coupon/id")
                .asString();
        api.post("/v1/promotion_codes")
                .key(key)
                .json(Map.of("couponId", couponId, "code", "WELCOME26"))
                .send()
                .expect(201);
        var productId = api.post("/v1/products")
                .key(key)
                .json(Map.of(
                        "name", "House blend", "prices", java.util.List.of(Subscriptions.price("12.5", "month", 0))))
                .send()
                .expect(201)
                .json()
                .at("/product/id")
                .asString();
        var endpointId = api.post("/v1/webhook_endpoints")
                .key(key)
                .json(Map.of("url", receiver.url("/acme"), "description", "Acme's order system"))
                .send()
                .expect(201)
                .json()
                .at("/webhookEndpoint/id")
                .asString();

        var metered = MeteredPlan.make(api, key);

        // when the owner uses the dashboard in a browser
        var input = new java.util.LinkedHashMap<String, String>();
        input.put("baseUrl", api.info().baseUrl());
        input.put("email", email);
        input.put("password", password);
        input.put("subscriptionId", subscriptionId);
        input.put("invoiceId", created.path("invoice").path("id").asString());
        input.put("paymentId", paymentId);
        input.put("linkId", linkId);
        input.put("customerId", customerId);
        input.put("couponId", couponId);
        input.put("productId", productId);
        input.put("endpointId", endpointId);
        input.put("endpointUrl", receiver.url("/acme-second"));
        input.put("meterId", metered.meterId());
        input.put("meteredProductId", metered.productId());
        input.put("meteredSubscriptionId", metered.subscriptionId());
        input.put("outDir", SCREENS.toAbsolutePath().toString());
        var result = runBrowser(input);

        // then every step showed the page it should, without an accessibility or CSP problem
        assertThat(result.path("ok").asBoolean())
                .as(
                        "dashboard in the browser: %s%nsteps: %s%nscreenshots: %s",
                        result.path("error").asString(), result.path("steps"), SCREENS.toAbsolutePath())
                .isTrue();
        assertThat(result.path("steps")
                        .valueStream()
                        .map(step -> step.path("viewport").asString() + " "
                                + step.path("step").asString() + " "
                                + step.path("page").asString()))
                .containsExactly(
                        "phone sign-in login",
                        "phone sign-in-refused login",
                        "phone home home",
                        "phone subscriptions subscriptions",
                        "phone subscription subscription",
                        "phone change-amount subscription",
                        "phone change-amount-refused subscription",
                        "phone amount-changed subscription",
                        "phone invoices invoices",
                        "phone invoice invoice",
                        "phone payments payments",
                        "phone payment payment",
                        "phone payment-links payment-links",
                        "phone payment-link payment-link",
                        "phone customers customers",
                        "phone customer customer",
                        "phone coupons coupons",
                        "phone coupon coupon",
                        "phone products products",
                        "phone product product",
                        "phone meters meters",
                        "phone metered-product product",
                        "phone metered-subscription subscription",
                        "phone webhooks webhooks",
                        "phone webhook-endpoint webhook-endpoint",
                        "phone developers developers",
                        "phone events events",
                        "phone settings settings",
                        "phone team team",
                        "phone audit-log audit-log",
                        "phone api-keys api-keys",
                        "phone security security",
                        "phone team-invite team",
                        "phone webhook-edit webhook-endpoint",
                        "phone subscriptions-again subscriptions",
                        "phone live subscriptions",
                        "phone signed-out login",
                        "desktop sign-in login",
                        "desktop sign-in-refused login",
                        "desktop home home",
                        "desktop subscriptions subscriptions",
                        "desktop subscription subscription",
                        "desktop cancel subscription",
                        "desktop canceled subscription",
                        "desktop invoices invoices",
                        "desktop invoice invoice",
                        "desktop payments payments",
                        "desktop payment payment",
                        "desktop payment-links payment-links",
                        "desktop payment-link payment-link",
                        "desktop new-payment-link payment-links",
                        "desktop payment-link-created payment-link",
                        "desktop customers customers",
                        "desktop customer customer",
                        "desktop coupons coupons",
                        "desktop coupon coupon",
                        "desktop products products",
                        "desktop product product",
                        "desktop meters meters",
                        "desktop new-meter meter",
                        "desktop meter-created meters",
                        "desktop metered-product product",
                        "desktop metered-subscription subscription",
                        "desktop webhooks webhooks",
                        "desktop webhook-endpoint webhook-endpoint",
                        "desktop new-webhook-endpoint webhooks",
                        "desktop webhook-secret webhooks",
                        "desktop developers developers",
                        "desktop events events",
                        "desktop settings settings",
                        "desktop edit-settings settings",
                        "desktop team team",
                        "desktop audit-log audit-log",
                        "desktop api-keys api-keys",
                        "desktop new-api-key api-keys",
                        "desktop api-key-secret api-keys",
                        "desktop security security",
                        "desktop security-enrol security",
                        "desktop team-invite team",
                        "desktop team-invitation-link team",
                        "desktop invitation invitation",
                        "desktop webhook-edit webhook-endpoint",
                        "desktop webhook-delivery webhook-delivery",
                        "desktop security-on security",
                        "desktop sign-in-code login-code",
                        "desktop signed-in-with-code home",
                        "desktop security-off security",
                        "desktop developer-invitation invitation",
                        "desktop developer-home home",
                        "desktop developer-payment-links payment-links",
                        "desktop settings-branded settings",
                        "desktop checkout-branded link",
                        "desktop subscriptions-again subscriptions",
                        "desktop live subscriptions",
                        "desktop signed-out login");
        // and the home page's first load was measured in the browser (printed, not judged: the machine is shared)
        var firstLoad = result.path("firstLoad");
        System.out.printf(
                "dashboard first load: html %d ms, load %d ms%n",
                firstLoad.path("responseEnd").asLong(),
                firstLoad.path("loadEventEnd").asLong());
        assertThat(firstLoad.path("responseEnd").asLong()).isPositive();
        assertThat(firstLoad.path("loadEventEnd").asLong())
                .isGreaterThanOrEqualTo(firstLoad.path("responseEnd").asLong());
        // and the API agrees with what the pages showed: the amount changed once, then canceled
        var subscription = Subscriptions.get(api, merchant.testKey(), subscriptionId)
                .expect(200)
                .json();
        assertThat(subscription.path("amountUsdc").decimalValue()).isEqualByComparingTo("12.5");
        assertThat(subscription.path("status").asString()).isEqualTo("canceled");
    }

    @Test
    void shouldSignTheDemoOwnerInWithTheEmailAndPasswordTheBannerPrints(Api api) throws Exception {
        var info = api.info();
        var form = "email=" + URLEncoder.encode(info.demoOwnerEmail(), StandardCharsets.UTF_8) + "&password="
                + URLEncoder.encode(info.demoOwnerPassword(), StandardCharsets.UTF_8);

        var answer = Api.SHARED.send(
                HttpRequest.newBuilder(URI.create(info.baseUrl() + "/dashboard/login"))
                        .header("Content-Type", "application/x-www-form-urlencoded")
                        .POST(HttpRequest.BodyPublishers.ofString(form))
                        .build(),
                HttpResponse.BodyHandlers.ofString());

        assertThat(answer.statusCode()).as(answer.body()).isEqualTo(303);
        assertThat(answer.headers().firstValue("Location")).hasValue("/dashboard/home");
        assertThat(answer.headers().firstValue("Set-Cookie"))
                .hasValueSatisfying(
                        cookie -> assertThat(cookie).startsWith("abk_session=").contains("HttpOnly"));
    }

    private static JsonNode runBrowser(Map<String, String> input) throws IOException {
        Files.createDirectories(SCREENS);
        var run = BrowserTool.run("dashboard-browser.mjs", input, RUN_LIMIT);
        System.out.print("dashboard browser: " + run.output());
        return run.results();
    }
}
