package io.abk.billing.systemtests.stack;

import static io.abk.billing.systemtests.stack.JourneyEvents.sandboxTxHash;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.abk.billing.schemas.avro.SubscriptionCommand;
import io.abk.billing.schemas.ids.IdPrefix;
import io.abk.billing.schemas.ids.Ids;
import io.abk.billing.schemas.topic.Topics;
import java.math.BigDecimal;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.regex.Pattern;
import org.jspecify.annotations.Nullable;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import tools.jackson.databind.JsonNode;

/**
 * Hosted checkout of a subscription through the real stack, without any API key: the session JSON (exactly its
 * fields), the server-rendered page (escaped), the activate the page posts (once), 404s for ids that name no
 * subscription, and live mode, which is never settled in the sandbox (neither at checkout nor by a
 * {@code sandboxMode} charge).
 */
@ExtendWith(SharedStack.class)
@Order(SharedStack.ORDER)
class CheckoutSubscribeIT {

    /**
     * The session's fields (docs/api.md, {@code CheckoutSession}), in order, then what a wallet needs (empty or null in
     * the sandbox).
     */
    private static final List<String> SESSION_FIELDS = List.of(
            "subscriptionId",
            "status",
            "amountUsdc",
            "maxAmountPerPeriodUsdc",
            "interval",
            "network",
            "chainId",
            "usdcAddress",
            "vaultAddress",
            "merchantPayout",
            "customerWallet",
            "merchantDisplayName",
            "successUrl",
            "cancelUrl",
            "nextPaymentAt",
            "sandbox",
            "onChainSubscriptionId",
            "chainIdHex",
            "rpcUrls",
            "blockExplorerUrls",
            "nativeCurrency",
            "confirmations",
            "walletCalls",
            "signatureSupported",
            "mandateSignature",
            "allowPromotionCodes",
            "firstPaymentUsdc",
            "discount");
    /** Merchant-controlled text that reaches the page: every HTML special character in it must come out escaped. */
    private static final String DISPLAY_NAME = "<script>alert('x')</script> Acme & \"Sons\"";

    private static final String ESCAPED_DISPLAY_NAME =
            "&lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt; Acme &amp; &quot;Sons&quot;";
    private static final String PRIVATE_REF = "private-order-ref-31";
    private static final String PRIVATE_NOTE = "vip-customer-note";

    private static Api api;
    private static TestMerchant merchant;

    @BeforeAll
    static void setUp(Api shared) {
        api = shared;
        merchant = merchantNamed(DISPLAY_NAME);
    }

    @Test
    void shouldServeExactlyTheSessionFieldsWithoutAKeyWhenTheSubscriptionAwaitsActivation() {
        // given a test-mode subscription with private metadata and a private merchant reference
        var created = create(merchant.testKey(), "12.5");
        var subscription = created.path("subscription");
        var id = subscription.path("id").asString();

        // when anyone asks for its checkout session, without a key
        var reply = api.get("/checkout/subscribe/" + id + ".json").send().expect(200);

        // then it holds exactly the session fields, taken from the subscription and the test chain (sandbox)
        assertThat(reply.header("Content-Type").orElse("")).startsWith("application/json");
        var session = reply.json();
        assertThat(session.propertyNames()).containsExactlyElementsOf(SESSION_FIELDS);
        assertThat(session.path("subscriptionId").asString()).isEqualTo(id);
        assertThat(session.path("status").asString()).isEqualTo("incomplete");
        assertThat(Json.decimal(session.path("amountUsdc"))).isEqualTo(new BigDecimal("12.5"));
        assertThat(session.path("maxAmountPerPeriodUsdc").isNull()).isTrue();
        assertThat(session.path("interval").asString()).isEqualTo("month");
        assertThat(session.path("network").asString()).isEqualTo("Base Sepolia");
        assertThat(session.path("chainId").asLong()).isEqualTo(84532L);
        assertThat(session.path("usdcAddress").asString()).isEqualTo("0x036CbD53842c5426634e7929541eC2318f3dCF7e");
        assertThat(session.path("vaultAddress").isNull()).isTrue();
        assertThat(session.path("merchantPayout").asString()).isEqualTo(Api.MERCHANT_PAYOUT);
        assertThat(session.path("customerWallet").asString()).isEqualTo(Subscriptions.WALLET);
        assertThat(session.path("merchantDisplayName").asString()).isEqualTo(DISPLAY_NAME);
        assertThat(session.path("successUrl").asString()).isEqualTo("https://shop.example/thanks");
        assertThat(session.path("cancelUrl").asString()).isEqualTo("https://shop.example/cart");
        assertThat(session.path("nextPaymentAt").asString())
                .as("the first invoice's due time")
                .isEqualTo(created.at("/invoice/dueAt").asString());
        assertThat(session.path("sandbox").isBoolean()).isTrue();
        assertThat(session.path("sandbox").asBoolean()).isTrue();
        // and nothing else of the merchant's: not its id, keys, reference, metadata or the invoice's id
        assertThat(reply.body())
                .doesNotContain(
                        merchant.id(),
                        merchant.testKeyId(),
                        PRIVATE_REF,
                        PRIVATE_NOTE,
                        "internalNote",
                        created.at("/invoice/id").asString(),
                        "mer_",
                        "inv_");
    }

    @Test
    void shouldRenderThePageEscapedWhenTheMerchantsDisplayNameHoldsHtml() {
        // given a subscription of a merchant whose display name is HTML
        var id = create(merchant.testKey(), "12.5").at("/subscription/id").asString();

        // when the customer opens its checkout page
        var page = api.get("/checkout/subscribe/" + id).send().expect(200);

        // then it shows merchant, amount, interval and status, with the name escaped and nothing private
        assertThat(page.header("Content-Type").orElse("")).startsWith("text/html");
        // (the page's own script, loaded from the checkout's asset route, is its one script tag)
        var ownScript = Pattern.compile("<script src=\"/checkout/assets/checkout\\.js\\?v=[0-9a-f]+\" defer></script>");
        assertThat(ownScript.matcher(page.body()).results().count())
                .as("the checkout script tag, once")
                .isEqualTo(1);
        assertThat(ownScript.matcher(page.body()).replaceAll(""))
                .contains(
                        ESCAPED_DISPLAY_NAME,
                        "12.5 USDC",
                        "per month",
                        "Awaiting activation",
                        "Base Sepolia",
                        Subscriptions.WALLET)
                .doesNotContain("<script", "alert('x')", "\"Sons\"", merchant.id(), PRIVATE_REF, PRIVATE_NOTE);
    }

    @Test
    void shouldActivateOnceLikeTheMerchantsActivateWhenTheCustomerPostsWithoutAKey() {
        // given a test-mode subscription awaiting activation
        var created = create(merchant.testKey(), "12.5");
        var id = created.at("/subscription/id").asString();
        var invoiceId = created.at("/invoice/id").asString();
        var path = "/checkout/subscribe/" + id + "/activate";

        // when the checkout page posts the activation, twice, without a key
        var activated = api.post(path)
                .json(Map.of("onChainSubscriptionId", "vault-77"))
                .send()
                .expect(200)
                .json();
        var again =
                api.post(path).json(Map.of("onChainSubscriptionId", "vault-78")).send();

        // then the first activates and pays the first invoice in the sandbox
        assertThat(activated.propertyNames()).containsExactly("subscription", "invoice", "charge");
        var session = activated.path("subscription");
        assertThat(session.propertyNames()).containsExactlyElementsOf(SESSION_FIELDS);
        assertThat(session.path("status").asString()).isEqualTo("active");
        var txHash = sandboxTxHash(invoiceId + ":1");
        assertThat(activated.at("/invoice/status").asString()).isEqualTo("paid");
        assertThat(activated.at("/invoice/txHash").asString()).isEqualTo(txHash);
        assertThat(activated.path("charge"))
                .isEqualTo(Json.parse(
                        "{\"ok\":true,\"failureCode\":null,\"failureMessage\":null,\"txHash\":\"" + txHash + "\"}"));
        // and the merchant sees it active with the customer's mandate, and the next payment at the period's end
        var seen = Subscriptions.get(api, merchant.testKey(), id).expect(200).json();
        assertThat(seen.path("status").asString()).isEqualTo("active");
        assertThat(seen.path("mandateStatus").asString()).isEqualTo("active");
        assertThat(seen.path("onChainSubscriptionId").asString()).isEqualTo("vault-77");
        assertThat(Invoices.get(api, merchant.testKey(), invoiceId)
                        .expect(200)
                        .json()
                        .path("status")
                        .asString())
                .isEqualTo("paid");
        assertThat(session.path("nextPaymentAt").asString())
                .isEqualTo(seen.path("currentPeriodEnd").asString());
        assertThat(activated.toString()).doesNotContain(merchant.id(), invoiceId, PRIVATE_REF, PRIVATE_NOTE);
        // and the second is refused, changing nothing
        assertThat(again.status()).isEqualTo(400);
        assertThat(again.json().propertyNames()).contains("error", "code");
        assertThat(again.code()).isEqualTo("subscription_activate_failed");
        assertThat(Subscriptions.get(api, merchant.testKey(), id).expect(200).json())
                .isEqualTo(seen);
        // and the session and page now tell it is active
        assertThat(api.get("/checkout/subscribe/" + id + ".json")
                        .send()
                        .expect(200)
                        .json())
                .isEqualTo(session);
        assertThat(api.get("/checkout/subscribe/" + id).send().expect(200).body())
                .contains(">Active<", "Next payment");
    }

    @Test
    void shouldTellNoNextPaymentWhenTheActiveSubscriptionEndsAtItsPeriodEnd() {
        // given a subscription activated at checkout, then set by the merchant to cancel at its period end
        var id = create(merchant.testKey(), "12.5").at("/subscription/id").asString();
        api.post("/checkout/subscribe/" + id + "/activate")
                .json(Map.of())
                .send()
                .expect(200);
        Subscriptions.action(api, merchant.testKey(), id, "cancel", Map.of("immediate", false))
                .expect(200);

        // when its session and page are read
        var session = api.get("/checkout/subscribe/" + id + ".json")
                .send()
                .expect(200)
                .json();
        var page = api.get("/checkout/subscribe/" + id).send().expect(200).body();

        // then it is still active, but no payment is coming
        assertThat(session.path("status").asString()).isEqualTo("active");
        assertThat(session.path("nextPaymentAt").isNull()).isTrue();
        assertThat(page).contains(">Active<").doesNotContain("Next payment");
    }

    @Test
    void shouldAnswer404OnEveryCheckoutRouteWhenTheIdNamesNoSubscription() {
        // given ids that name no subscription: unknown, malformed, and an invoice's
        var invoiceId = create(merchant.testKey(), "12.5").at("/invoice/id").asString();
        var unknown = Ids.newId(IdPrefix.SUBSCRIPTION, Instant.now());

        for (var id : List.of(unknown, "not-a-subscription", invoiceId)) {
            // when each checkout route is asked for it
            var session = api.get("/checkout/subscribe/" + id + ".json").send();
            var activate = api.post("/checkout/subscribe/" + id + "/activate")
                    .json(Map.of())
                    .send();
            var page = api.get("/checkout/subscribe/" + id).send();

            // then all three are 404: JSON errors for the JSON routes, an HTML page for the page
            assertThat(List.of(session.status(), activate.status(), page.status()))
                    .as(id)
                    .containsOnly(404);
            for (var reply : List.of(session, activate)) {
                assertThat(reply.json().propertyNames()).as(reply.toString()).contains("error", "code");
                assertThat(reply.code()).as(reply.toString()).isEqualTo("resource_missing");
            }
            assertThat(page.header("Content-Type").orElse("")).startsWith("text/html");
            assertThat(page.body()).contains("Subscription not found");
        }
    }

    @Test
    void shouldTellNoSandboxAndFailTheFirstChargeWhenALiveSubscriptionIsActivatedAtCheckout() {
        // given a live subscription
        var created = create(merchant.liveKey(), "12.5");
        var id = created.at("/subscription/id").asString();
        var invoiceId = created.at("/invoice/id").asString();

        // when its checkout session is read, then it names Base and no sandbox
        var session = api.get("/checkout/subscribe/" + id + ".json")
                .send()
                .expect(200)
                .json();
        assertThat(session.path("network").asString()).isEqualTo("Base");
        assertThat(session.path("chainId").asLong()).isEqualTo(8453L);
        assertThat(session.path("usdcAddress").asString()).isEqualTo("0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913");
        assertThat(session.path("sandbox").isBoolean()).isTrue();
        assertThat(session.path("sandbox").asBoolean(true)).isFalse();

        // when the customer activates it
        var sent = Instant.now().truncatedTo(ChronoUnit.MILLIS);
        var activated = api.post("/checkout/subscribe/" + id + "/activate")
                .json(Map.of("onChainSubscriptionId", "vault-live-1"))
                .send()
                .expect(200)
                .json();
        var answered = Instant.now();

        // then the mandate is set up but the first charge is not simulated: no live chain is configured
        assertThat(activated.path("charge"))
                .isEqualTo(Json.parse("{\"ok\":false,\"failureCode\":\"RELAYER_ERROR\","
                        + "\"failureMessage\":\"No live chain is configured for settlement\",\"txHash\":null}"));
        assertThat(activated.at("/subscription/status").asString()).isEqualTo("incomplete");
        var subscription =
                Subscriptions.get(api, merchant.liveKey(), id).expect(200).json();
        assertThat(subscription.path("status").asString()).isEqualTo("incomplete");
        assertThat(subscription.path("mandateStatus").asString()).isEqualTo("active");
        // and the invoice stays open for its retry a day later, as after any first failure
        var invoice =
                Invoices.get(api, merchant.liveKey(), invoiceId).expect(200).json();
        assertThat(invoice.path("status").asString()).isEqualTo("open");
        assertThat(invoice.path("attemptCount").asInt()).isEqualTo(1);
        assertThat(invoice.path("failureCode").asString()).isEqualTo("RELAYER_ERROR");
        assertThat(invoice.path("txHash").isNull()).isTrue();
        assertThat(Instant.parse(invoice.path("nextAttemptAt").asString()))
                .isBetween(sent.plus(Duration.ofDays(1)), answered.plus(Duration.ofDays(1)));
    }

    @Test
    void shouldRefuseSandboxModeAndChangeNothingWhenTheKeyIsLive() {
        // given a live subscription with its open first invoice
        var created = create(merchant.liveKey(), "12.5");
        var id = created.at("/subscription/id").asString();
        var invoiceId = created.at("/invoice/id").asString();
        var subscriptionBefore =
                Subscriptions.get(api, merchant.liveKey(), id).expect(200).json();
        // (once the invoice numbering has given it its number, which follows the invoice by itself)
        var invoiceBefore = await().atMost(Duration.ofSeconds(30))
                .until(
                        () -> Invoices.get(api, merchant.liveKey(), invoiceId)
                                .expect(200)
                                .json(),
                        invoice -> !invoice.path("number").isNull());

        for (var mode : List.of("success", "insufficient_balance", "allowance_revoked")) {
            // when the live key charges it with a sandbox outcome
            var reply = Invoices.charge(api, merchant.liveKey(), invoiceId, mode);

            // then it is refused: a live charge is never simulated
            assertThat(reply.status()).as(reply.toString()).isEqualTo(400);
            assertThat(reply.json().propertyNames()).contains("error", "code");
            assertThat(reply.code()).isEqualTo("sandbox_not_allowed");
        }

        // and nothing changed, and no command beyond the create reached the subscription
        assertThat(Invoices.get(api, merchant.liveKey(), invoiceId).expect(200).json())
                .isEqualTo(invoiceBefore);
        assertThat(Subscriptions.get(api, merchant.liveKey(), id).expect(200).json())
                .isEqualTo(subscriptionBefore);
        assertThat(api.topics()
                        .values(
                                Topics.SUBSCRIPTION_COMMANDS,
                                (SubscriptionCommand c) ->
                                        c.getSubscriptionId().equals(id) && !Subscriptions.isFinalization(c)))
                .hasSize(1);
    }

    /** A subscription of {@code amountUsdc} a month, with return URLs, a private reference and private metadata. */
    private static JsonNode create(String key, String amountUsdc) {
        Map<String, @Nullable Object> body = Subscriptions.adHoc(PRIVATE_REF, new BigDecimal(amountUsdc), "month");
        body.put("metadata", Map.of("internalNote", PRIVATE_NOTE));
        body.put("successUrl", "https://shop.example/thanks");
        body.put("cancelUrl", "https://shop.example/cart");
        return api.post(Subscriptions.PATH)
                .key(key)
                .json(body)
                .send()
                .expect(201)
                .json();
    }

    /** A merchant whose checkout display name is {@code displayName}, with one key in each mode. */
    private static TestMerchant merchantNamed(String displayName) {
        var body = new LinkedHashMap<String, Object>();
        body.put("name", "Checkout legal name " + UUID.randomUUID().toString().substring(0, 8));
        body.put("displayName", displayName);
        body.put("payoutAddressEvm", Api.MERCHANT_PAYOUT);
        var merchantId = api.admin("POST", "/admin/v1/merchants")
                .json(body)
                .send()
                .expect(201)
                .json()
                .at("/merchant/id")
                .asString();
        var test = api.newKey(merchantId, "test");
        var live = api.newKey(merchantId, "live");
        return new TestMerchant(merchantId, test.secret(), test.id(), live.secret(), live.id());
    }
}
