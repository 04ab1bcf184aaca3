package io.abk.billing.systemtests.stack;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.jspecify.annotations.Nullable;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Bad input on every payment and payment-link route, through the whole stack: each is a 4xx with
 * {@code {error, code}}, and nothing is created or changed (the merchant's lists and the fixtures read the same).
 */
@ExtendWith(SharedStack.class)
@Order(SharedStack.ORDER)
class PaymentsBadInputIT {

    private static final String W = "\"customerWallet\":\"" + Subscriptions.WALLET + "\"";

    private static Api api;
    private static TestMerchant merchant;
    private static TestMerchant other;
    /** An open payment, an active link, a link collecting e-mail and name, another merchant's payment and link, a live payment. */
    private static String payment;

    private static String link;
    private static String collecting;
    private static String otherPayment;
    private static String otherLink;
    private static String recurringPrice;

    @BeforeAll
    static void setUp(Api shared) {
        api = shared;
        merchant = api.newMerchant("payments-bad-input");
        other = api.newMerchant("payments-bad-input-other");
        payment = Payments.create(api, merchant.testKey(), "fixture", "10")
                .at("/payment/id")
                .asString();
        link = Payments.createLink(api, merchant.testKey(), Payments.link("10", Map.of()))
                .at("/paymentLink/id")
                .asString();
        collecting = Payments.createLink(
                        api, merchant.testKey(), Payments.link("10", Map.of("collectEmail", true, "collectName", true)))
                .at("/paymentLink/id")
                .asString();
        otherPayment = Payments.create(api, other.testKey(), "other", "10")
                .at("/payment/id")
                .asString();
        otherLink = Payments.createLink(api, other.testKey(), Payments.link("10", Map.of()))
                .at("/paymentLink/id")
                .asString();
        recurringPrice = Subscriptions.createProduct(
                        api, merchant.testKey(), "Monthly", List.of(Subscriptions.price("9", "month", 0)))
                .at("/prices/0/id")
                .asString();
    }

    static Stream<Arguments> cases() {
        return Stream.of(
                // POST /v1/payments
                bad(
                        "payment without merchantRef",
                        "POST",
                        "/v1/payments",
                        "{" + W + ",\"amountUsdc\":1}",
                        400,
                        "validation_error"),
                bad(
                        "payment without customerWallet",
                        "POST",
                        "/v1/payments",
                        "{\"merchantRef\":\"x\",\"amountUsdc\":1}",
                        400,
                        "validation_error"),
                bad(
                        "payment of an unknown customer",
                        "POST",
                        "/v1/payments",
                        "{\"merchantRef\":\"x\",\"amountUsdc\":1,\"customerId\":\"cus_00000000000000000000000000\"}",
                        400,
                        "customer_not_found"),
                bad(
                        "payment with a malformed wallet",
                        "POST",
                        "/v1/payments",
                        "{\"merchantRef\":\"x\",\"customerWallet\":\"0x12\",\"amountUsdc\":1}",
                        400,
                        "validation_error"),
                bad(
                        "payment with neither amount nor price",
                        "POST",
                        "/v1/payments",
                        "{\"merchantRef\":\"x\"," + W + "}",
                        400,
                        "validation_error"),
                bad(
                        "payment with both amount and price",
                        "POST",
                        "/v1/payments",
                        "{\"merchantRef\":\"x\"," + W + ",\"amountUsdc\":1,\"priceId\":\"@price\"}",
                        400,
                        "validation_error"),
                bad(
                        "payment of seven decimals",
                        "POST",
                        "/v1/payments",
                        "{\"merchantRef\":\"x\"," + W + ",\"amountUsdc\":1.0000001}",
                        400,
                        "validation_error"),
                bad(
                        "payment of a negative amount",
                        "POST",
                        "/v1/payments",
                        "{\"merchantRef\":\"x\"," + W + ",\"amountUsdc\":-1}",
                        400,
                        "validation_error"),
                bad(
                        "payment of zero",
                        "POST",
                        "/v1/payments",
                        "{\"merchantRef\":\"x\"," + W + ",\"amountUsdc\":0}",
                        400,
                        "validation_error"),
                bad(
                        "payment amount as a string",
                        "POST",
                        "/v1/payments",
                        "{\"merchantRef\":\"x\"," + W + ",\"amountUsdc\":\"1\"}",
                        400,
                        "validation_error"),
                bad(
                        "payment from a recurring price",
                        "POST",
                        "/v1/payments",
                        "{\"merchantRef\":\"x\"," + W + ",\"priceId\":\"@price\"}",
                        400,
                        "validation_error"),
                bad(
                        "payment from an unknown price",
                        "POST",
                        "/v1/payments",
                        "{\"merchantRef\":\"x\"," + W + ",\"priceId\":\"price_00000000000000000000000000\"}",
                        400,
                        null),
                bad(
                        "payment metadata not a map",
                        "POST",
                        "/v1/payments",
                        "{\"merchantRef\":\"x\"," + W + ",\"amountUsdc\":1,\"metadata\":[1]}",
                        400,
                        "validation_error"),
                bad("payment body not JSON", "POST", "/v1/payments", "{nope", 400, null),
                // GET /v1/payments
                bad("payments of an unknown status", "GET", "/v1/payments?status=done", null, 400, "validation_error"),
                bad("payments with limit 0", "GET", "/v1/payments?limit=0", null, 400, "validation_error"),
                bad(
                        "an unknown payment",
                        "GET",
                        "/v1/payments/pay_00000000000000000000000000",
                        null,
                        404,
                        "resource_missing"),
                bad("another merchant's payment", "GET", "/v1/payments/@otherPayment", null, 404, "resource_missing"),
                bad(
                        "a test payment with the live key",
                        "LIVE GET",
                        "/v1/payments/@payment",
                        null,
                        404,
                        "resource_missing"),
                // POST /v1/payment-links
                bad("link without an amount", "POST", "/v1/payment-links", "{}", 400, "validation_error"),
                bad(
                        "link of seven decimals",
                        "POST",
                        "/v1/payment-links",
                        "{\"amountUsdc\":0.0000001}",
                        400,
                        "validation_error"),
                bad(
                        "link with maxUses 0",
                        "POST",
                        "/v1/payment-links",
                        "{\"amountUsdc\":1,\"maxUses\":0}",
                        400,
                        "validation_error"),
                bad(
                        "link with maxUses -1",
                        "POST",
                        "/v1/payment-links",
                        "{\"amountUsdc\":1,\"maxUses\":-1}",
                        400,
                        "validation_error"),
                bad(
                        "link with maxUses 1.5",
                        "POST",
                        "/v1/payment-links",
                        "{\"amountUsdc\":1,\"maxUses\":1.5}",
                        400,
                        "validation_error"),
                bad(
                        "link with maxUses as a string",
                        "POST",
                        "/v1/payment-links",
                        "{\"amountUsdc\":1,\"maxUses\":\"3\"}",
                        400,
                        "validation_error"),
                bad(
                        "link expiring in the past",
                        "POST",
                        "/v1/payment-links",
                        "{\"amountUsdc\":1,\"expiresAt\":\"2020-01-01T00:00:00Z\"}",
                        400,
                        "validation_error"),
                bad(
                        "link with a malformed expiry",
                        "POST",
                        "/v1/payment-links",
                        "{\"amountUsdc\":1,\"expiresAt\":\"tomorrow\"}",
                        400,
                        "validation_error"),
                bad(
                        "link with a bad prefix",
                        "POST",
                        "/v1/payment-links",
                        "{\"amountUsdc\":1,\"merchantRefPrefix\":\"a b\"}",
                        400,
                        "validation_error"),
                bad(
                        "link collecting e-mail as a string",
                        "POST",
                        "/v1/payment-links",
                        "{\"amountUsdc\":1,\"collectEmail\":\"yes\"}",
                        400,
                        "validation_error"),
                bad(
                        "link from a recurring price",
                        "POST",
                        "/v1/payment-links",
                        "{\"priceId\":\"@price\"}",
                        400,
                        "validation_error"),
                // GET and disable of links
                bad(
                        "an unknown link",
                        "GET",
                        "/v1/payment-links/plink_00000000000000000000000000",
                        null,
                        404,
                        "resource_missing"),
                bad("another merchant's link", "GET", "/v1/payment-links/@otherLink", null, 404, "resource_missing"),
                bad(
                        "disable another merchant's link",
                        "POST",
                        "/v1/payment-links/@otherLink/disable",
                        null,
                        404,
                        "resource_missing"),
                bad(
                        "disable a test link with the live key",
                        "LIVE POST",
                        "/v1/payment-links/@link/disable",
                        null,
                        404,
                        "resource_missing"),
                // checkout
                bad(
                        "status of an unknown payment",
                        "PUBLIC GET",
                        "/checkout/pay/pay_00000000000000000000000000/status",
                        null,
                        404,
                        "resource_missing"),
                bad(
                        "confirm an unknown payment",
                        "PUBLIC POST",
                        "/checkout/pay/pay_00000000000000000000000000/confirm",
                        "{}",
                        404,
                        "resource_missing"),
                bad(
                        "confirm with a short hash",
                        "PUBLIC POST",
                        "/checkout/pay/@payment/confirm",
                        "{\"txHash\":\"0x1234\"}",
                        400,
                        "validation_error"),
                bad(
                        "confirm with a hash without 0x",
                        "PUBLIC POST",
                        "/checkout/pay/@payment/confirm",
                        "{\"txHash\":\"" + "a".repeat(64) + "\"}",
                        400,
                        "validation_error"),
                bad(
                        "confirm with a hash as a number",
                        "PUBLIC POST",
                        "/checkout/pay/@payment/confirm",
                        "{\"txHash\":5}",
                        400,
                        "validation_error"),
                bad(
                        "status of an unknown link",
                        "PUBLIC GET",
                        "/checkout/link/plink_00000000000000000000000000/status",
                        null,
                        404,
                        "resource_missing"),
                bad(
                        "open an unknown link",
                        "PUBLIC POST",
                        "/checkout/link/plink_00000000000000000000000000/open",
                        "{}",
                        404,
                        "resource_missing"),
                bad(
                        "open with a malformed wallet",
                        "PUBLIC POST",
                        "/checkout/link/@link/open",
                        "{\"customerWallet\":\"wallet\"}",
                        400,
                        "validation_error"),
                bad(
                        "open without the collected e-mail",
                        "PUBLIC POST",
                        "/checkout/link/@collecting/open",
                        "{\"name\":\"Ada\"}",
                        400,
                        "validation_error"),
                bad(
                        "open with a bad e-mail",
                        "PUBLIC POST",
                        "/checkout/link/@collecting/open",
                        "{\"email\":\"ada@\",\"name\":\"Ada\"}",
                        400,
                        "validation_error"),
                bad(
                        "open without the collected name",
                        "PUBLIC POST",
                        "/checkout/link/@collecting/open",
                        "{\"email\":\"ada@example.com\"}",
                        400,
                        "validation_error"),
                bad(
                        "open with the e-mail as a number",
                        "PUBLIC POST",
                        "/checkout/link/@collecting/open",
                        "{\"email\":5,\"name\":\"Ada\"}",
                        400,
                        "validation_error"));
    }

    private static Arguments bad(
            String name, String method, String path, @Nullable String body, int status, @Nullable String code) {
        return Arguments.of(name, method, path, body, status, code);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("cases")
    void shouldRefuseWithA4xxAndChangeNothing(
            String name, String method, String path, @Nullable String body, int status, @Nullable String code) {
        // given what the merchant's lists and fixtures read now
        var before = state();

        // when the bad request is sent
        var reply =
                call(method, resolve(path), body == null ? null : resolve(body)).send();

        // then it is the expected 4xx with {error, code}
        assertThat(reply.status()).as(reply.toString()).isEqualTo(status);
        var json = reply.json();
        assertThat(json.path("error").asString()).as(reply.toString()).isNotBlank();
        assertThat(json.path("code").asString()).as(reply.toString()).isNotBlank();
        if (code != null) {
            assertThat(json.path("code").asString()).as(reply.toString()).isEqualTo(code);
        }
        // and nothing changed
        assertThat(state()).isEqualTo(before);
    }

    private static String resolve(String text) {
        return text.replace("@otherPayment", otherPayment)
                .replace("@otherLink", otherLink)
                .replace("@payment", payment)
                .replace("@collecting", collecting)
                .replace("@link", link)
                .replace("@price", recurringPrice);
    }

    private static Call call(String method, String path, @Nullable String body) {
        var live = method.startsWith("LIVE ");
        var open = method.startsWith("PUBLIC ");
        var verb = method.substring(method.indexOf(' ') + 1);
        var call = switch (verb) {
            case "GET" -> api.get(path);
            case "POST" -> api.post(path);
            default -> throw new IllegalArgumentException(method);
        };
        if (!open) {
            call.key(live ? merchant.liveKey() : merchant.testKey());
        }
        return body == null ? call : call.body(body, "application/json");
    }

    /** The merchant's payments and links (both modes) and the other merchant's, as their lists read them. */
    private static String state() {
        return list(merchant.testKey(), "/v1/payments")
                + list(merchant.testKey(), "/v1/payment-links")
                + list(merchant.liveKey(), "/v1/payments")
                + list(merchant.liveKey(), "/v1/payment-links")
                + list(other.testKey(), "/v1/payments")
                + list(other.testKey(), "/v1/payment-links");
    }

    private static String list(String key, String path) {
        return api.get(path).key(key).send().expect(200).body();
    }
}
