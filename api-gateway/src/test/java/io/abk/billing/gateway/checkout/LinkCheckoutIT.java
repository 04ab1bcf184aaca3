package io.abk.billing.gateway.checkout;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.abk.billing.gateway.testkit.PaymentsIT;
import io.abk.billing.gateway.testkit.TestMerchant;
import io.abk.billing.schemas.avro.OpenPaymentLink;
import io.abk.billing.schemas.avro.PaymentLinkCommand;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;
import org.springframework.http.HttpMethod;

/**
 * Hosted checkout of a payment link over HTTP, without any API key, against the stand-in: the status JSON (exactly
 * its fields), opening as JSON (the minted payment, its checkout URL, the link after the use) and as the page's
 * form post (303, or the page again with the error), maxUses under concurrent opens, disabled and expired links,
 * the fields a link collects, a paid minted payment counting as a conversion, the page, and 404s.
 */
class LinkCheckoutIT extends PaymentsIT {

    static final List<String> LINK_STATUS_FIELDS = List.of(
            "paymentLinkId",
            "status",
            "openable",
            "amountUsdc",
            "description",
            "collectEmail",
            "collectName",
            "expiresAt",
            "remainingUses");

    @Test
    void shouldServeExactlyTheStatusFields() {
        var merchant = newMerchant();
        var expiresAt = Instant.parse("2099-06-30T12:00:00Z");
        var limited = createLink(
                        merchant,
                        "test",
                        "15",
                        Map.of(
                                "description",
                                "Ticket",
                                "maxUses",
                                3,
                                "expiresAt",
                                expiresAt.toString(),
                                "collectEmail",
                                true,
                                "metadata",
                                Map.of("secret", "s-1"),
                                "merchantRefPrefix",
                                "tix"))
                .get("id")
                .stringValue();
        var unlimited = createLink(merchant, "test", "1", Map.of()).get("id").stringValue();

        var reply = checkoutGet("/checkout/link/" + limited + "/status");
        var open = checkoutGet("/checkout/link/" + unlimited + "/status").body();

        assertThat(reply.status()).as(reply.text()).isEqualTo(200);
        var status = reply.body();
        assertThat(fieldNames(status)).containsExactlyElementsOf(LINK_STATUS_FIELDS);
        assertThat(status.get("paymentLinkId").stringValue()).isEqualTo(limited);
        assertThat(status.get("status").stringValue()).isEqualTo("active");
        assertThat(status.get("openable").booleanValue()).isTrue();
        assertThat(status.get("amountUsdc").toString()).isEqualTo("15");
        assertThat(status.get("description").stringValue()).isEqualTo("Ticket");
        assertThat(status.get("collectEmail").booleanValue()).isTrue();
        assertThat(status.get("collectName").booleanValue()).isFalse();
        assertThat(status.get("expiresAt").stringValue()).isEqualTo("2099-06-30T12:00:00Z");
        assertThat(status.get("remainingUses").intValue()).isEqualTo(3);
        assertThat(reply.text()).doesNotContain(merchant.id(), "secret", "s-1", "tix", PAYOUT);
        assertThat(open.get("remainingUses").isNull()).isTrue();
        assertThat(open.get("expiresAt").isNull()).isTrue();
        assertThat(open.get("description").isNull()).isTrue();
    }

    @Test
    void shouldMintAPaymentWithTheLinksTermsWhenOpened() {
        var merchant = merchantNamed("Acme Shop");
        var link = createLink(
                merchant,
                "test",
                "15",
                Map.of(
                        "description",
                        "Ticket",
                        "maxUses",
                        3,
                        "collectEmail",
                        true,
                        "collectName",
                        true,
                        "merchantRefPrefix",
                        "tix",
                        "metadata",
                        Map.of("event", "e-1"),
                        "successUrl",
                        "https://shop.example.test/done"));
        var linkId = link.get("id").stringValue();

        var reply = checkout(
                HttpMethod.POST,
                "/checkout/link/" + linkId + "/open",
                Map.of("customerWallet", WALLET, "email", "ada@example.test", "name", "Ada Lovelace"));

        assertThat(reply.status()).as(reply.text()).isEqualTo(200);
        assertThat(fieldNames(reply.body())).containsExactly("payment", "paymentLink", "checkoutUrl");
        var payment = reply.body().get("payment");
        assertThat(fieldNames(payment)).containsExactlyElementsOf(PayCheckoutIT.PAY_STATUS_FIELDS);
        var paymentId = payment.get("paymentId").stringValue();
        assertThat(payment.get("status").stringValue()).isEqualTo("open");
        assertThat(payment.get("amountUsdc").toString()).isEqualTo("15");
        assertThat(payment.get("customerWallet").stringValue()).isEqualTo(WALLET);
        assertThat(payment.get("merchantDisplayName").stringValue()).isEqualTo("Acme Shop");
        assertThat(payment.get("successUrl").stringValue()).isEqualTo("https://shop.example.test/done");
        var after = reply.body().get("paymentLink");
        assertThat(fieldNames(after)).containsExactlyElementsOf(LINK_STATUS_FIELDS);
        assertThat(after.get("remainingUses").intValue()).isEqualTo(2);
        assertThat(after.get("openable").booleanValue()).isTrue();
        assertThat(reply.body().get("checkoutUrl").stringValue())
                .isEqualTo("https://pay.example.test/checkout/pay/" + paymentId);
        assertThat(reply.text()).doesNotContain(merchant.id(), "e-1", "ada@example.test", "tix_1");

        var minted = get(merchant, "test", "/v1/payments/" + paymentId).body().get("payment");
        assertThat(minted.get("paymentLinkId").stringValue()).isEqualTo(linkId);
        assertThat(minted.get("merchantRef").stringValue()).isEqualTo("tix_1");
        assertThat(minted.get("description").stringValue()).isEqualTo("Ticket");
        assertThat(minted.get("customerEmail").stringValue()).isEqualTo("ada@example.test");
        assertThat(minted.get("customerName").stringValue()).isEqualTo("Ada Lovelace");
        assertThat(minted.get("metadata").get("event").stringValue()).isEqualTo("e-1");
        assertThat(minted.get("metadata").get("paymentLinkId").stringValue()).isEqualTo(linkId);
        assertThat(get(merchant, "test", "/v1/payment-links/" + linkId)
                        .body()
                        .get("paymentLink")
                        .get("useCount")
                        .intValue())
                .isEqualTo(1);
        assertThat(openCommands(merchant)).singleElement().satisfies(command -> {
            var open = (OpenPaymentLink) command.getPayload();
            assertThat(open.getPaymentId()).isEqualTo(paymentId);
            assertThat(open.getCheckoutUrl()).isEqualTo("https://pay.example.test/checkout/pay/" + paymentId);
            assertThat(open.getCustomerEmail()).isEqualTo("ada@example.test");
        });
    }

    @Test
    void shouldMintExactlyMaxUsesPaymentsWhenOpenedConcurrently() {
        var merchant = newMerchant();
        var linkId = createLink(merchant, "test", "2", Map.of("maxUses", 5))
                .get("id")
                .stringValue();
        var path = "/checkout/link/" + linkId + "/open";

        var replies = IntStream.range(0, 20)
                .mapToObj(i -> CompletableFuture.supplyAsync(() -> checkout(HttpMethod.POST, path, Map.of())))
                .toList()
                .stream()
                .map(CompletableFuture::join)
                .toList();

        var opened = replies.stream().filter(reply -> reply.status() == 200).toList();
        var refused = replies.stream().filter(reply -> reply.status() != 200).toList();
        assertThat(opened).hasSize(5);
        assertThat(new HashSet<>(opened.stream()
                        .map(reply ->
                                reply.body().get("payment").get("paymentId").stringValue())
                        .toList()))
                .hasSize(5);
        assertThat(refused).hasSize(15).allSatisfy(reply -> {
            assertThat(reply.status()).as(reply.text()).isEqualTo(400);
            assertThat(reply.code()).isEqualTo("payment_link_error");
            assertThat(reply.body().get("error").stringValue()).contains("used 5 of 5");
        });
        var link = get(merchant, "test", "/v1/payment-links/" + linkId).body().get("paymentLink");
        assertThat(link.get("useCount").intValue()).isEqualTo(5);
        assertThat(link.get("status").stringValue()).isEqualTo("expired");
        assertThat(ids(get(merchant, "test", "/v1/payments?limit=100"))).hasSize(5);
        var status = checkoutGet("/checkout/link/" + linkId + "/status").body();
        assertThat(status.get("openable").booleanValue()).isFalse();
        assertThat(status.get("remainingUses").intValue()).isZero();
    }

    @Test
    void shouldRefuseToOpenADisabledOrExpiredLinkSayingWhich() {
        var merchant = newMerchant();
        var disabled = createLink(merchant, "test", "2", Map.of()).get("id").stringValue();
        post(merchant, "test", "/v1/payment-links/" + disabled + "/disable", null);
        var expiresAt = Instant.now().plusMillis(3000);
        var expiring = createLink(merchant, "test", "2", Map.of("expiresAt", expiresAt.toString()))
                .get("id")
                .stringValue();
        await().atMost(Duration.ofSeconds(30)).until(() -> Instant.now().isAfter(expiresAt.plusMillis(1)));

        var openDisabled = checkout(HttpMethod.POST, "/checkout/link/" + disabled + "/open", Map.of());
        var openExpired = checkout(HttpMethod.POST, "/checkout/link/" + expiring + "/open", Map.of());

        assertThat(openDisabled.status()).as(openDisabled.text()).isEqualTo(400);
        assertThat(openDisabled.code()).isEqualTo("payment_link_error");
        assertThat(openDisabled.body().get("error").stringValue()).contains("disabled");
        assertThat(openExpired.status()).as(openExpired.text()).isEqualTo(400);
        assertThat(openExpired.code()).isEqualTo("payment_link_error");
        assertThat(openExpired.body().get("error").stringValue()).contains("expired");
        var status = checkoutGet("/checkout/link/" + expiring + "/status").body();
        assertThat(status.get("status").stringValue()).isEqualTo("expired");
        assertThat(status.get("openable").booleanValue()).isFalse();
        assertThat(ids(get(merchant, "test", "/v1/payments"))).isEmpty();
    }

    @Test
    void shouldRequireAndCheckTheFieldsTheLinkCollectsAndSendNothingWhenBad() {
        var merchant = newMerchant();
        var both = createLink(merchant, "test", "2", Map.of("collectEmail", true, "collectName", true))
                .get("id")
                .stringValue();
        var neither = createLink(merchant, "test", "2", Map.of()).get("id").stringValue();
        var path = "/checkout/link/" + both + "/open";
        var requests = new ArrayList<BadRequest>();
        requests.add(new BadRequest(
                "no email", null, HttpMethod.POST, path, "{\"name\":\"Ada\"}", 400, "validation_error", "email"));
        requests.add(new BadRequest(
                "no name",
                null,
                HttpMethod.POST,
                path,
                "{\"email\":\"ada@example.test\"}",
                400,
                "validation_error",
                "name"));
        for (var email : List.of(
                "\"ada\"",
                "\"ada@example\"",
                "\"ada lovelace@example.test\"",
                "\"@example.test\"",
                "\"ada@@example.test\"",
                "\"ada@example.test.\"",
                "\"a@" + "b".repeat(250) + ".io\"",
                "5",
                "\"\"")) {
            requests.add(new BadRequest(
                    "email " + email,
                    null,
                    HttpMethod.POST,
                    path,
                    "{\"name\":\"Ada\",\"email\":" + email + "}",
                    400,
                    "validation_error",
                    "email"));
        }
        for (var name : List.of("\"\"", "\"" + "n".repeat(201) + "\"", "7", "{}")) {
            requests.add(new BadRequest(
                    "name " + name,
                    null,
                    HttpMethod.POST,
                    path,
                    "{\"email\":\"a@b.io\",\"name\":" + name + "}",
                    400,
                    "validation_error",
                    "name"));
        }
        var plain = "/checkout/link/" + neither + "/open";
        for (var wallet : List.of("\"0x12\"", "\"wallet\"", "42")) {
            requests.add(new BadRequest(
                    "wallet " + wallet,
                    null,
                    HttpMethod.POST,
                    plain,
                    "{\"customerWallet\":" + wallet + "}",
                    400,
                    "validation_error",
                    "customerWallet"));
        }
        requests.add(new BadRequest(
                "an uncollected email is still checked",
                null,
                HttpMethod.POST,
                plain,
                "{\"email\":\"nope\"}",
                400,
                "validation_error",
                "email"));
        for (var body : List.of("[1]", "\"x\"", "true")) {
            requests.add(
                    new BadRequest("body " + body, null, HttpMethod.POST, plain, body, 400, "validation_error", null));
        }
        requests.add(new BadRequest("malformed JSON", null, HttpMethod.POST, plain, "{", 400, "invalid_json", null));

        assertRefused(requests);

        assertThat(openCommands(merchant)).isEmpty();
        var opened = checkout(HttpMethod.POST, path, Map.of("email", "ada@example.test", "name", "Ada"));
        assertThat(opened.status()).as(opened.text()).isEqualTo(200);
    }

    @Test
    void shouldCountAPaidMintedPaymentAsTheLinksConversion() {
        var merchant = newMerchant();
        var linkId = createLink(merchant, "test", "2", Map.of()).get("id").stringValue();
        var opened = checkout(HttpMethod.POST, "/checkout/link/" + linkId + "/open", Map.of())
                .body();
        checkout(HttpMethod.POST, "/checkout/link/" + linkId + "/open", Map.of());
        var paymentId = opened.get("payment").get("paymentId").stringValue();

        var paid = checkout(HttpMethod.POST, "/checkout/pay/" + paymentId + "/confirm", Map.of());

        assertThat(paid.body().get("payment").get("status").stringValue()).isEqualTo("paid");
        await().atMost(Duration.ofSeconds(30))
                .until(() -> get(merchant, "test", "/v1/payment-links/" + linkId)
                                .body()
                                .get("paymentLink")
                                .get("paidCount")
                                .intValue()
                        == 1);
        assertThat(get(merchant, "test", "/v1/payment-links/" + linkId)
                        .body()
                        .get("paymentLink")
                        .get("useCount")
                        .intValue())
                .isEqualTo(2);
    }

    @Test
    void shouldRedirectTheFormPostToTheMintedPaymentsPage() {
        var merchant = newMerchant();
        var linkId = createLink(merchant, "test", "6", Map.of("collectEmail", true))
                .get("id")
                .stringValue();

        var reply = postForm(
                "/checkout/link/" + linkId + "/open",
                Map.of("email", "  grace@example.test ", "name", "", "customerWallet", ""));

        assertThat(reply.status()).as(reply.text()).isEqualTo(303);
        var location = reply.header("Location");
        assertThat(location).startsWith("https://pay.example.test/checkout/pay/pay_");
        var paymentId = location.substring(location.lastIndexOf('/') + 1);
        var minted = get(merchant, "test", "/v1/payments/" + paymentId).body().get("payment");
        assertThat(minted.get("customerEmail").stringValue()).isEqualTo("grace@example.test");
        assertThat(minted.get("customerName").isNull()).isTrue();
        assertThat(minted.get("customerWallet").isNull()).isTrue();
        assertThat(checkoutGet("/checkout/pay/" + paymentId).status()).isEqualTo(200);
    }

    @Test
    void shouldShowTheLinkPageAgainWithTheErrorWhenTheFormPostIsRefused() {
        var merchant = newMerchant();
        var linkId = createLink(merchant, "test", "6", Map.of("collectEmail", true))
                .get("id")
                .stringValue();
        var disabled = createLink(merchant, "test", "6", Map.of()).get("id").stringValue();
        post(merchant, "test", "/v1/payment-links/" + disabled + "/disable", null);

        var badEmail = postForm("/checkout/link/" + linkId + "/open", Map.of("email", "<b>not-an-email</b>"));
        var refused = postForm("/checkout/link/" + disabled + "/open", Map.of());
        var unknown = postForm("/checkout/link/plink_01jcrgx3b2m0x9k8d7f6e5a4s3/open", Map.of());

        assertThat(badEmail.status()).isEqualTo(400);
        assertThat(badEmail.header("Content-Type")).startsWith("text/html");
        assertThat(badEmail.text())
                .contains(
                        "class=\"message error\"",
                        "email must be an e-mail address",
                        "value=\"&lt;b&gt;not-an-email&lt;/b&gt;\"",
                        "<form method=\"post\"")
                .doesNotContain("<b>not-an-email");
        assertThat(refused.status()).isEqualTo(400);
        assertThat(refused.text())
                .contains("class=\"message error\"", "is disabled")
                .doesNotContain("<form");
        assertThat(unknown.status()).isEqualTo(404);
        assertThat(unknown.header("Content-Type")).startsWith("text/html");
        assertThat(unknown.text()).contains("Payment link not found");
        assertThat(openCommands(merchant))
                .as("only the disabled link's open reached its aggregate")
                .hasSize(1);
    }

    @Test
    void shouldRenderThePageWithAFormOfTheCollectedFieldsEscapedAndWithoutScript() {
        var merchant = merchantNamed("Tom & Jerry's \"<Shop>\"");
        var linkId = createLink(
                        merchant,
                        "test",
                        "19.9",
                        Map.of(
                                "description",
                                "<img src=x onerror=alert(1)> tickets",
                                "collectEmail",
                                true,
                                "collectName",
                                true,
                                "maxUses",
                                10))
                .get("id")
                .stringValue();
        var plain = createLink(merchant, "test", "1", Map.of()).get("id").stringValue();
        post(merchant, "test", "/v1/payment-links/" + plain + "/disable", null);

        var page = checkoutGet("/checkout/link/" + linkId);
        var disabledPage = checkoutGet("/checkout/link/" + plain);

        assertThat(page.status()).isEqualTo(200);
        assertThat(page.header("Content-Type")).startsWith("text/html");
        assertThat(page.header("Content-Security-Policy")).contains("default-src 'none'", "form-action 'self'");
        assertThat(PageScripts.withoutTheScript(page.text()))
                .contains(
                        "Pay Tom &amp; Jerry&#39;s &quot;&lt;Shop&gt;&quot;",
                        "19.9 USDC",
                        "&lt;img src=x onerror=alert(1)&gt; tickets",
                        "<form method=\"post\" action=\"/checkout/link/" + linkId + "/open\">",
                        "name=\"email\"",
                        "name=\"name\"",
                        "name=\"customerWallet\"",
                        "Payments left",
                        "Test mode")
                .doesNotContain("<script", "<img", "<Shop>", merchant.id());
        assertThat(disabledPage.status()).isEqualTo(200);
        assertThat(disabledPage.text())
                .contains("Disabled", "disabled by the merchant")
                .doesNotContain("<form", "name=\"email\"");
    }

    @Test
    void shouldAnswer404WhenTheIdNamesNoLink() {
        var merchant = newMerchant();
        var payment = createPayment(merchant, "test", "1").get("id").stringValue();

        for (var id : List.of("plink_01jcrgx3b2m0x9k8d7f6e5a4s3", "not-an-id", payment)) {
            var status = checkoutGet("/checkout/link/" + id + "/status");
            var open = checkout(HttpMethod.POST, "/checkout/link/" + id + "/open", Map.of());
            var page = checkoutGet("/checkout/link/" + id);
            assertThat(List.of(status.status(), open.status(), page.status()))
                    .as(id)
                    .containsOnly(404);
            assertThat(List.of(status.code(), open.code())).as(id).containsOnly("resource_missing");
            assertThat(page.text()).contains("Payment link not found").doesNotContain(id);
        }
        assertThat(openCommands(merchant)).isEmpty();
    }

    private static List<PaymentLinkCommand> openCommands(TestMerchant merchant) {
        return linkCommands(merchant).stream()
                .filter(command -> command.getPayload() instanceof OpenPaymentLink)
                .toList();
    }

    private static List<String> ids(Reply list) {
        return list.body()
                .get("payments")
                .valueStream()
                .map(payment -> payment.get("id").stringValue())
                .toList();
    }
}
