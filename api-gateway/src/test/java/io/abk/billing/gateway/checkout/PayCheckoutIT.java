package io.abk.billing.gateway.checkout;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.abk.billing.gateway.readmodel.projection.OutcomeWaiter;
import io.abk.billing.gateway.testkit.PaymentsIT;
import io.abk.billing.gateway.testkit.TestMerchant;
import io.abk.billing.schemas.avro.ConfirmPayment;
import io.abk.billing.schemas.avro.SettlePayment;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ThreadLocalRandom;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.http.HttpMethod;

/**
 * Hosted checkout of a one-time payment over HTTP, without any API key, against the stand-in (which verifies as the
 * sandbox does): the status JSON (exactly its fields, nothing of the merchant's account), confirm in the sandbox
 * with and without a hash, twice, with a failing or reused hash, in live mode, joining a verification in flight
 * after a 503, bad hashes, the page, and 404s.
 */
class PayCheckoutIT extends PaymentsIT {

    static final List<String> PAY_STATUS_FIELDS = List.of(
            "paymentId",
            "status",
            "amountUsdc",
            "network",
            "chainId",
            "usdcAddress",
            "merchantPayout",
            "customerWallet",
            "merchantDisplayName",
            "successUrl",
            "cancelUrl",
            "paidAt",
            "txHash",
            "sandbox",
            "chainIdHex",
            "rpcUrls",
            "blockExplorerUrls",
            "nativeCurrency",
            "confirmations",
            "walletCalls",
            "eip681Uri",
            "signatureSupported",
            "authorization");

    @Autowired
    OutcomeWaiter waiter;

    @AfterEach
    void settleNormally() {
        processor.releaseSettlements();
    }

    @Test
    void shouldServeExactlyTheStatusFieldsAndNothingOfTheMerchantsAccount() {
        var merchant = merchantNamed("Acme Shop");
        var payment = createPayment(merchant, "test", "12.34");
        var id = payment.get("id").stringValue();

        var reply = checkoutGet("/checkout/pay/" + id + "/status");

        assertThat(reply.status()).as(reply.text()).isEqualTo(200);
        var status = reply.body();
        assertThat(fieldNames(status)).containsExactlyElementsOf(PAY_STATUS_FIELDS);
        assertThat(status.get("paymentId").stringValue()).isEqualTo(id);
        assertThat(status.get("status").stringValue()).isEqualTo("open");
        assertThat(status.get("amountUsdc").toString()).isEqualTo("12.34");
        assertThat(status.get("network").stringValue()).isEqualTo("Base Sepolia");
        assertThat(status.get("chainId").longValue()).isEqualTo(84532L);
        assertThat(status.get("usdcAddress").stringValue()).isEqualTo("0x036CbD53842c5426634e7929541eC2318f3dCF7e");
        assertThat(status.get("merchantPayout").stringValue()).isEqualTo(PAYOUT);
        assertThat(status.get("customerWallet").stringValue()).isEqualTo(WALLET);
        assertThat(status.get("merchantDisplayName").stringValue()).isEqualTo("Acme Shop");
        assertThat(status.get("successUrl").stringValue()).isEqualTo("https://shop.example.test/thanks");
        assertThat(status.get("cancelUrl").stringValue()).isEqualTo("https://shop.example.test/cart");
        assertThat(status.get("paidAt").isNull()).isTrue();
        assertThat(status.get("txHash").isNull()).isTrue();
        assertThat(status.get("sandbox").booleanValue()).isTrue();
        assertThat(status.get("walletCalls").isEmpty())
                .as("nothing to sign in the sandbox")
                .isTrue();
        assertThat(status.get("chainIdHex").stringValue()).isEqualTo("0x14a34");
        assertThat(status.get("rpcUrls").toString()).isEqualTo("[\"https://sepolia.base.org\"]");
        assertThat(reply.text())
                .doesNotContain(
                        merchant.id(),
                        "orderId",
                        "o-7",
                        payment.get("merchantRef").stringValue(),
                        "mer_");
    }

    @Test
    void shouldPayInTheSandboxWithoutAHashAndAnswerAlreadyPaidTheSecondTime() {
        var merchant = newMerchant();
        var id = createPayment(merchant, "test", "20").get("id").stringValue();
        var path = "/checkout/pay/" + id + "/confirm";

        var first = checkout(HttpMethod.POST, path, Map.of());
        var second = checkout(HttpMethod.POST, path, Map.of());

        assertThat(first.status()).as(first.text()).isEqualTo(200);
        assertThat(fieldNames(first.body())).containsExactly("payment", "alreadyPaid");
        assertThat(first.body().get("alreadyPaid").booleanValue()).isFalse();
        var paid = first.body().get("payment");
        assertThat(fieldNames(paid)).containsExactlyElementsOf(PAY_STATUS_FIELDS);
        assertThat(paid.get("status").stringValue()).isEqualTo("paid");
        assertThat(paid.get("txHash").stringValue()).isEqualTo(sandboxHash(id)).matches("0x[0-9a-f]{64}");
        assertThat(paid.get("paidAt").stringValue()).isNotBlank();
        assertThat(second.status()).as(second.text()).isEqualTo(200);
        assertThat(second.body().get("alreadyPaid").booleanValue()).isTrue();
        assertThat(second.body().get("payment")).isEqualTo(paid);
        var seenByTheMerchant =
                get(merchant, "test", "/v1/payments/" + id).body().get("payment");
        assertThat(seenByTheMerchant.get("status").stringValue()).isEqualTo("paid");
        assertThat(seenByTheMerchant.get("amountReceivedUsdc").toString()).isEqualTo("20");
        var commands = paymentCommands(merchant);
        assertThat(commands)
                .filteredOn(c -> c.getPayload() instanceof ConfirmPayment)
                .hasSize(2)
                .allSatisfy(c -> assertThat(((ConfirmPayment) c.getPayload()).getTxHash())
                        .isNull());
        assertThat(commands)
                .filteredOn(c -> c.getPayload() instanceof SettlePayment)
                .as("one verification")
                .hasSize(1);
    }

    @Test
    void shouldPayWithTheGivenHashOnceAndRefuseItForAnotherPayment() {
        var merchant = newMerchant();
        var first = createPayment(merchant, "test", "5").get("id").stringValue();
        var second = createPayment(merchant, "test", "5").get("id").stringValue();
        var hash = randomHash();

        var paid = checkout(HttpMethod.POST, "/checkout/pay/" + first + "/confirm", Map.of("txHash", hash));
        var reused = checkout(
                HttpMethod.POST,
                "/checkout/pay/" + second + "/confirm",
                Map.of("txHash", hash.toUpperCase().replace("0X", "0x")));

        assertThat(paid.status()).as(paid.text()).isEqualTo(200);
        assertThat(paid.body().get("payment").get("txHash").stringValue()).isEqualTo(hash);
        assertThat(reused.status()).as(reused.text()).isEqualTo(400);
        assertThat(reused.code()).isEqualTo("PAYMENT_TX_ALREADY_USED");
        assertThat(reused.body().get("error").stringValue()).contains(hash).doesNotContain(first);
        assertThat(checkoutGet("/checkout/pay/" + second + "/status")
                        .body()
                        .get("status")
                        .stringValue())
                .isEqualTo("open");
    }

    @Test
    void shouldAnswer400WithTheVerificationsCodeAndLeaveThePaymentOpenWhenItFails() {
        var merchant = newMerchant();
        var codes = List.of(
                "PAYMENT_TX_NOT_FOUND",
                "PAYMENT_TX_REVERTED",
                "PAYMENT_TX_NO_TRANSFER",
                "PAYMENT_WRONG_RECIPIENT",
                "PAYMENT_SHORT");
        var id = createPayment(merchant, "test", "5").get("id").stringValue();

        for (int d = 0; d < codes.size(); d++) {
            var reply = checkout(
                    HttpMethod.POST, "/checkout/pay/" + id + "/confirm", Map.of("txHash", "0x" + "0".repeat(63) + d));
            assertThat(reply.status()).as(reply.text()).isEqualTo(400);
            assertThat(reply.code()).isEqualTo(codes.get(d));
            assertThat(reply.body().get("error").stringValue()).isNotBlank();
        }

        assertThat(checkoutGet("/checkout/pay/" + id + "/status")
                        .body()
                        .get("status")
                        .stringValue())
                .isEqualTo("open");
        var retried = checkout(HttpMethod.POST, "/checkout/pay/" + id + "/confirm", Map.of());
        assertThat(retried.body().get("payment").get("status").stringValue())
                .as("a later good confirm still pays")
                .isEqualTo("paid");
    }

    @Test
    void shouldRequireAHashOutsideTheSandboxAndNeverSimulateLiveMode() {
        var merchant = newMerchant();
        var id = createPayment(merchant, "live", "5").get("id").stringValue();
        var path = "/checkout/pay/" + id + "/confirm";

        var status = checkoutGet("/checkout/pay/" + id + "/status");
        var hashless = checkout(HttpMethod.POST, path, Map.of());
        var sentBefore = paymentCommands(merchant).size();
        var withHash = checkout(HttpMethod.POST, path, Map.of("txHash", randomHash()));

        assertThat(status.body().get("sandbox").booleanValue()).isFalse();
        assertThat(status.body().get("network").stringValue()).isEqualTo("Base");
        assertThat(status.body().get("walletCalls").isEmpty())
                .as("live mode has no chain configured here")
                .isTrue();
        assertThat(hashless.status()).isEqualTo(400);
        assertThat(hashless.code()).isEqualTo("validation_error");
        assertThat(hashless.body().get("error").stringValue()).isEqualTo("txHash is required");
        assertThat(hashless.body().get("param").stringValue()).isEqualTo("txHash");
        assertThat(sentBefore).as("the hash-less confirm sent nothing").isEqualTo(1);
        assertThat(withHash.status()).as(withHash.text()).isEqualTo(400);
        assertThat(withHash.code()).isEqualTo("CHAIN_UNAVAILABLE");
    }

    @Test
    void shouldJoinTheVerificationInFlightWhenTheCustomerConfirmsAgainAfterA503() {
        var merchant = newMerchant();
        var id = createPayment(merchant, "test", "9").get("id").stringValue();
        var path = "/checkout/pay/" + id + "/confirm";
        processor.holdSettlements();

        var timedOut = checkout(HttpMethod.POST, path, Map.of());
        var firstConfirm = confirms(merchant).getFirst();
        var verification =
                await().atMost(Duration.ofSeconds(30)).until(() -> followUpOf(firstConfirm), found -> found != null);
        var retry = CompletableFuture.supplyAsync(() -> checkout(HttpMethod.POST, path, Map.of()));
        await().atMost(Duration.ofSeconds(30)).until(() -> waiter.isWaitingFor(verification));
        processor.releaseSettlements();
        var answer = retry.join();

        assertThat(timedOut.status()).isEqualTo(503);
        assertThat(timedOut.code()).isEqualTo("processing_timeout");
        assertThat(answer.status()).as(answer.text()).isEqualTo(200);
        assertThat(answer.body().get("alreadyPaid").booleanValue()).isFalse();
        assertThat(answer.body().get("payment").get("status").stringValue()).isEqualTo("paid");
        assertThat(confirms(merchant)).hasSize(2);
        assertThat(followUpOf(confirms(merchant).get(1)))
                .as("the retry waited for the same verification")
                .isEqualTo(verification);
        assertThat(paymentCommands(merchant))
                .filteredOn(c -> c.getPayload() instanceof SettlePayment)
                .hasSize(1);
    }

    @Test
    void shouldRefuseAMalformedHashAndSendNothing() {
        var merchant = newMerchant();
        var id = createPayment(merchant, "test", "5").get("id").stringValue();
        var path = "/checkout/pay/" + id + "/confirm";
        var requests = new ArrayList<BadRequest>();
        for (var value : List.of(
                "\"0x123\"",
                "\"0x" + "g".repeat(64) + "\"",
                "\"" + "a".repeat(64) + "\"",
                "\"0x" + "a".repeat(65) + "\"",
                "5",
                "\"\"",
                "true",
                "[]")) {
            requests.add(new BadRequest(
                    "txHash " + value,
                    null,
                    HttpMethod.POST,
                    path,
                    "{\"txHash\":" + value + "}",
                    400,
                    "validation_error",
                    "txHash"));
        }
        for (var body : List.of("[1]", "\"x\"", "3")) {
            requests.add(
                    new BadRequest("body " + body, null, HttpMethod.POST, path, body, 400, "validation_error", null));
        }
        requests.add(new BadRequest(
                "malformed JSON", null, HttpMethod.POST, path, "{\"txHash\":", 400, "invalid_json", null));

        assertRefused(requests);

        assertThat(confirms(merchant)).isEmpty();
    }

    @Test
    void shouldAnswer404WhenTheIdNamesNoPayment() {
        var merchant = newMerchant();
        var link = createLink(merchant, "test", "5", Map.of()).get("id").stringValue();

        for (var id : List.of("pay_01jcrgx3b2m0x9k8d7f6e5a4s3", "not-an-id", link)) {
            var status = checkoutGet("/checkout/pay/" + id + "/status");
            var confirm = checkout(HttpMethod.POST, "/checkout/pay/" + id + "/confirm", Map.of());
            var page = checkoutGet("/checkout/pay/" + id);
            assertThat(List.of(status.status(), confirm.status(), page.status()))
                    .as(id)
                    .containsOnly(404);
            assertThat(List.of(status.code(), confirm.code())).as(id).containsOnly("resource_missing");
            assertThat(page.header("Content-Type")).startsWith("text/html");
            assertThat(page.text()).contains("Payment not found").doesNotContain(id);
        }
    }

    @Test
    void shouldRenderThePageEscapedAndSelfContained() {
        var merchant = merchantNamed("<script>alert(\"pwned\")</script> & Sons' <b>");
        var id = createPayment(merchant, "test", "7.25").get("id").stringValue();

        var open = checkoutGet("/checkout/pay/" + id);
        checkout(HttpMethod.POST, "/checkout/pay/" + id + "/confirm", Map.of());
        var paid = checkoutGet("/checkout/pay/" + id);

        assertThat(open.status()).isEqualTo(200);
        assertThat(open.header("Content-Type")).startsWith("text/html");
        assertThat(open.header("Content-Security-Policy"))
                .contains("default-src 'none'", "script-src 'self'", "frame-ancestors 'none'");
        assertThat(open.header("X-Frame-Options")).isEqualTo("DENY");
        assertThat(PageScripts.withoutTheScript(open.text()))
                .contains("Pay &lt;script&gt;alert(&quot;pwned&quot;)&lt;/script&gt; &amp; Sons&#39; &lt;b&gt;")
                .contains(
                        "7.25 USDC",
                        "Awaiting payment",
                        "Base Sepolia",
                        PAYOUT,
                        WALLET,
                        "Pay before",
                        "Test mode",
                        "href=\"https://shop.example.test/cart\"")
                .doesNotContain("<script", "<b>", "src=", "<link", merchant.id(), "orderId");
        assertThat(paid.text())
                .contains("Paid", sandboxHash(id), "href=\"https://shop.example.test/thanks\"")
                .doesNotContain("Awaiting payment");
    }

    private static List<String> confirms(TestMerchant merchant) {
        return paymentCommands(merchant).stream()
                .filter(c -> c.getPayload() instanceof ConfirmPayment)
                .map(c -> c.getCommandId())
                .toList();
    }

    private static String randomHash() {
        var bytes = new byte[32];
        ThreadLocalRandom.current().nextBytes(bytes);
        return "0x" + HexFormat.of().formatHex(bytes);
    }
}
