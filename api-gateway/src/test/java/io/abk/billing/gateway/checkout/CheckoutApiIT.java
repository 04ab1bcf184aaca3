package io.abk.billing.gateway.checkout;

import static org.assertj.core.api.Assertions.assertThat;

import io.abk.billing.gateway.testkit.LifecycleIT;
import io.abk.billing.gateway.testkit.TestMerchant;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.springframework.http.HttpMethod;
import tools.jackson.databind.JsonNode;

/**
 * Hosted checkout of a subscription over HTTP, without any API key: the session JSON (exactly its fields, and
 * nothing of the merchant's account), the activate the page posts, the server-rendered page (escaped, inert),
 * and 404s for ids that name no subscription.
 */
class CheckoutApiIT extends LifecycleIT {

    static final List<String> SESSION_FIELDS = List.of(
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

    @Test
    void shouldServeExactlyTheSessionFieldsAndNothingOfTheMerchantsAccount() {
        var merchant = merchantNamed("Acme Shop");
        var created = subscribe(merchant, "test", "9.99", Map.of("internalNote", "vip-customer-7"));
        var invoice =
                get(merchant, "test", "/v1/invoices/" + created.invoiceId()).body();

        var reply = call(HttpMethod.GET, "/checkout/subscribe/" + created.subscriptionId() + ".json", null, null, null);

        assertThat(reply.status()).as(reply.text()).isEqualTo(200);
        var session = reply.body();
        assertThat(fieldNames(session)).containsExactlyElementsOf(SESSION_FIELDS);
        assertThat(session.get("subscriptionId").stringValue()).isEqualTo(created.subscriptionId());
        assertThat(session.get("status").stringValue()).isEqualTo("incomplete");
        assertThat(session.get("amountUsdc").decimalValue()).isEqualByComparingTo("9.99");
        assertThat(session.get("maxAmountPerPeriodUsdc").isNull())
                .as("a fixed amount has no maximum of its own")
                .isTrue();
        assertThat(session.get("interval").stringValue()).isEqualTo("month");
        assertThat(session.get("network").stringValue()).isEqualTo("Base Sepolia");
        assertThat(session.get("chainId").longValue()).isEqualTo(84532L);
        assertThat(session.get("usdcAddress").stringValue()).isEqualTo("0x036CbD53842c5426634e7929541eC2318f3dCF7e");
        assertThat(session.get("vaultAddress").isNull()).isTrue();
        assertThat(session.get("merchantPayout").stringValue()).isEqualTo(PAYOUT);
        assertThat(session.get("customerWallet").stringValue()).isEqualTo(WALLET);
        assertThat(session.get("merchantDisplayName").stringValue()).isEqualTo("Acme Shop");
        assertThat(session.get("successUrl").stringValue()).isEqualTo("https://shop.example.test/thanks");
        assertThat(session.get("cancelUrl").stringValue()).isEqualTo("https://shop.example.test/cart");
        assertThat(session.get("nextPaymentAt").stringValue())
                .as("the first invoice's due time")
                .isEqualTo(invoice.get("dueAt").stringValue());
        assertThat(session.get("sandbox").booleanValue()).isTrue();
        assertThat(session.get("onChainSubscriptionId").isNull())
                .as("nothing on a chain in the sandbox")
                .isTrue();
        assertThat(session.get("walletCalls").isEmpty())
                .as("nothing to sign in the sandbox")
                .isTrue();
        assertThat(session.get("chainIdHex").stringValue()).isEqualTo("0x14a34");
        assertThat(session.get("rpcUrls").toString()).isEqualTo("[\"https://sepolia.base.org\"]");
        assertThat(session.get("blockExplorerUrls").toString()).isEqualTo("[\"https://sepolia.basescan.org\"]");
        assertThat(session.get("nativeCurrency").toString())
                .isEqualTo("{\"name\":\"Ether\",\"symbol\":\"ETH\",\"decimals\":18}");
        assertThat(session.get("confirmations").intValue()).isEqualTo(3);
        assertThat(reply.text())
                .doesNotContain(merchant.id(), "vip-customer-7", "internalNote", created.invoiceId(), "ref-", "mer_");
    }

    @Test
    void shouldShowTheLiveChainAndNoSandboxForALiveSubscription() {
        var merchant = merchantNamed("Live Co");
        var created = subscribe(merchant, "live");

        var session = call(
                        HttpMethod.GET, "/checkout/subscribe/" + created.subscriptionId() + ".json", null, null, null)
                .body();

        assertThat(session.get("network").stringValue()).isEqualTo("Base");
        assertThat(session.get("chainId").longValue()).isEqualTo(8453L);
        assertThat(session.get("usdcAddress").stringValue()).isEqualTo("0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913");
        assertThat(session.get("sandbox").booleanValue()).isFalse();
        assertThat(session.get("walletCalls").isEmpty())
                .as("live mode has no chain configured here")
                .isTrue();
        assertThat(session.get("onChainSubscriptionId").isNull()).isTrue();
        assertThat(session.get("chainIdHex").stringValue()).isEqualTo("0x2105");
        assertThat(session.get("rpcUrls").toString()).isEqualTo("[\"https://mainnet.base.org\"]");
        assertThat(session.get("confirmations").intValue()).isEqualTo(10);
    }

    @Test
    void shouldActivateLikeTheMerchantsActivateWhenTheCustomerPostsWithoutAKey() {
        var merchant = merchantNamed("Acme Shop");
        var created = subscribe(merchant, "test", "4", Map.of("internalNote", "vip-customer-7"));
        var path = "/checkout/subscribe/" + created.subscriptionId() + "/activate";

        var activated = call(HttpMethod.POST, path, null, Map.of("onChainSubscriptionId", "77"), null);
        var again = call(HttpMethod.POST, path, null, null, null);

        assertThat(activated.status()).as(activated.text()).isEqualTo(200);
        assertThat(fieldNames(activated.body())).containsExactly("subscription", "invoice", "charge");
        var subscription = activated.body().get("subscription");
        assertThat(fieldNames(subscription)).containsExactlyElementsOf(SESSION_FIELDS);
        assertThat(subscription.get("status").stringValue()).isEqualTo("active");
        assertThat(activated.body().get("invoice").get("status").stringValue()).isEqualTo("paid");
        assertThat(activated.body().get("invoice").has("id")).isFalse();
        assertThat(activated.body().get("charge").get("ok").booleanValue()).isTrue();
        assertThat(activated.text()).doesNotContain(merchant.id(), "vip-customer-7", created.invoiceId());
        var seenByTheMerchant = get(merchant, "test", "/v1/subscriptions/" + created.subscriptionId())
                .body();
        assertThat(seenByTheMerchant.get("status").stringValue()).isEqualTo("active");
        assertThat(seenByTheMerchant.get("onChainSubscriptionId").stringValue()).isEqualTo("77");
        assertThat(subscription.get("nextPaymentAt").stringValue())
                .isEqualTo(seenByTheMerchant.get("currentPeriodEnd").stringValue());
        assertThat(again.status()).isEqualTo(400);
        assertThat(again.code()).isEqualTo("subscription_activate_failed");
        assertThat(lifecycleCommands(merchant)).hasSize(2).allSatisfy(command -> {
            assertThat(command.getMerchantId()).isEqualTo(merchant.id());
            assertThat(command.getSubscriptionId()).isEqualTo(created.subscriptionId());
        });
    }

    @Test
    void shouldAnswer404WhenTheIdNamesNoSubscription() {
        var merchant = merchantNamed("Acme Shop");
        var created = subscribe(merchant, "test");

        for (var id : List.of("sub_01jcrgx3b2m0x9k8d7f6e5a4s3", "not-an-id", created.invoiceId())) {
            var json = call(HttpMethod.GET, "/checkout/subscribe/" + id + ".json", null, null, null);
            var activate = call(HttpMethod.POST, "/checkout/subscribe/" + id + "/activate", null, Map.of(), null);
            var page = call(HttpMethod.GET, "/checkout/subscribe/" + id, null, null, null);
            assertThat(List.of(json.status(), activate.status(), page.status()))
                    .as(id)
                    .containsOnly(404);
            assertThat(List.of(json.code(), activate.code())).as(id).containsOnly("resource_missing");
            assertThat(page.header("Content-Type")).startsWith("text/html");
            assertThat(page.text()).contains("Subscription not found").doesNotContain(id);
        }
        assertThat(call(
                                HttpMethod.POST,
                                "/checkout/subscribe/" + created.subscriptionId() + "/activate",
                                null,
                                "[1]",
                                null)
                        .code())
                .isEqualTo("validation_error");
        assertThat(lifecycleCommands(merchant)).isEmpty();
    }

    @Test
    void shouldRenderThePageEscapedAndSelfContained() {
        var merchant = merchantNamed("<script>alert(\"pwned\")</script> & Sons' <b>");
        var created = subscribe(merchant, "test", "12.5", Map.of());

        var page = call(HttpMethod.GET, "/checkout/subscribe/" + created.subscriptionId(), null, null, null);

        assertThat(page.status()).isEqualTo(200);
        assertThat(page.header("Content-Type")).startsWith("text/html");
        assertThat(page.header("Content-Security-Policy"))
                .contains("default-src 'none'", "script-src 'self'", "frame-ancestors 'none'");
        assertThat(page.header("X-Frame-Options")).isEqualTo("DENY");
        assertThat(PageScripts.withoutTheScript(page.text()))
                .contains("&lt;script&gt;alert(&quot;pwned&quot;)&lt;/script&gt; &amp; Sons&#39; &lt;b&gt;")
                .contains("12.5 USDC", "per month", "Awaiting activation", "Base Sepolia", WALLET)
                .doesNotContain("<script", "<b>", "src=", "<link", "<img", "<iframe", merchant.id());
    }

    /** A merchant whose checkout display name is {@code displayName}, with a key in each mode. */
    private TestMerchant merchantNamed(String displayName) {
        var created = admin(http.post()
                        .uri("/admin/v1/merchants")
                        .bodyValue(Map.of("name", "Legal name", "displayName", displayName)))
                .exchange()
                .expectStatus()
                .isCreated()
                .expectBody(JsonNode.class)
                .returnResult()
                .getResponseBody();
        var id = created.get("merchant").get("id").stringValue();
        return new TestMerchant(
                id,
                createKey(id, "test").get("secret").stringValue(),
                createKey(id, "live").get("secret").stringValue());
    }
}
