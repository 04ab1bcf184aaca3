package io.abk.billing.gateway.testkit;

import static org.assertj.core.api.Assertions.assertThat;

import io.abk.billing.schemas.avro.PaymentCommand;
import io.abk.billing.schemas.avro.PaymentLinkCommand;
import io.abk.billing.schemas.topic.Topics;
import java.math.BigDecimal;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.jspecify.annotations.Nullable;
import org.springframework.http.HttpMethod;
import org.springframework.http.MediaType;
import org.springframework.util.LinkedMultiValueMap;
import org.springframework.web.reactive.function.BodyInserters;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * HTTP helpers of the payment and payment link tests (API and checkout), on the shared context of
 * {@link GatewayIT}: this class adds methods only, so its subclasses share that one context.
 */
public abstract class PaymentsIT extends LifecycleIT {

    private static final JsonMapper JSON = JsonMapper.builder().build();

    /** One bad request: who sends it ({@code key}, null for checkout), where, with what body, and the error it must get. */
    public record BadRequest(
            String name,
            @Nullable String key,
            HttpMethod method,
            String path,
            @Nullable String body,
            int status,
            String code,
            @Nullable String param) {}

    /** Sends each request and checks its 4xx {@code {error, code}} (and {@code param} when one is expected). */
    protected void assertRefused(List<BadRequest> requests) {
        for (var bad : requests) {
            var reply = call(bad.method(), bad.path(), bad.key(), bad.body(), null);
            assertThat(reply.status()).as(bad.name() + ": " + reply.text()).isEqualTo(bad.status());
            assertThat(reply.code()).as(bad.name() + ": " + reply.text()).isEqualTo(bad.code());
            assertThat(reply.body().get("error").stringValue()).as(bad.name()).isNotBlank();
            if (bad.param() != null) {
                assertThat(reply.body().path("param").stringValue())
                        .as(bad.name() + ": " + reply.text())
                        .isEqualTo(bad.param());
            }
        }
    }

    /** {@code body} as JSON text with {@code field} set to the raw JSON {@code value} (or left out when null). */
    protected static String withField(Map<String, Object> body, String field, @Nullable String value) {
        var rest = new HashMap<>(body);
        rest.remove(field);
        var json = JSON.writeValueAsString(rest);
        if (value == null) {
            return json;
        }
        return json.substring(0, json.length() - 1) + (rest.isEmpty() ? "" : ",") + "\"" + field + "\":" + value + "}";
    }

    /** A valid ad hoc {@code POST /v1/payments} body of {@code amountUsdc}. */
    protected static Map<String, Object> paymentBody(String amountUsdc) {
        var body = new HashMap<String, Object>();
        body.put("merchantRef", "order-" + System.nanoTime());
        body.put("customerWallet", WALLET);
        body.put("payoutAddressEvm", PAYOUT);
        body.put("amountUsdc", new BigDecimal(amountUsdc));
        body.put("metadata", Map.of("orderId", "o-7"));
        body.put("successUrl", "https://shop.example.test/thanks");
        body.put("cancelUrl", "https://shop.example.test/cart");
        return body;
    }

    /** Creates a payment of {@code amountUsdc} through the API; returns the payment. */
    protected JsonNode createPayment(TestMerchant merchant, String mode, String amountUsdc) {
        var reply = post(merchant, mode, "/v1/payments", paymentBody(amountUsdc));
        assertThat(reply.status()).as(reply.text()).isEqualTo(201);
        return reply.body().get("payment");
    }

    /** Creates a payment link of {@code amountUsdc} with these extra fields; returns the link. */
    protected JsonNode createLink(TestMerchant merchant, String mode, String amountUsdc, Map<String, Object> fields) {
        var body = new HashMap<String, Object>(fields);
        body.put("amountUsdc", new BigDecimal(amountUsdc));
        body.putIfAbsent("payoutAddressEvm", PAYOUT);
        var reply = post(merchant, mode, "/v1/payment-links", body);
        assertThat(reply.status()).as(reply.text()).isEqualTo(201);
        return reply.body().get("paymentLink");
    }

    /** A one-time price of a new product of the merchant in {@code mode}; returns its id. */
    protected String oncePrice(TestMerchant merchant, String mode, String amountUsdc) {
        return price(merchant, mode, amountUsdc, "once");
    }

    protected String price(TestMerchant merchant, String mode, String amountUsdc, String interval) {
        var reply = post(
                merchant,
                mode,
                "/v1/products",
                Map.of(
                        "name",
                        "Thing",
                        "prices",
                        List.of(Map.of("amountUsdc", new BigDecimal(amountUsdc), "interval", interval))));
        assertThat(reply.status()).as(reply.text()).isEqualTo(201);
        return reply.body().get("product").get("prices").get(0).get("id").stringValue();
    }

    /** A merchant whose checkout display name is {@code displayName}, with a key in each mode. */
    protected TestMerchant merchantNamed(String displayName) {
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

    /**
     * The hash the sandbox pays a hash-less confirm of {@code paymentId} with (docs/architecture.md, "The chain path").
     */
    protected static String sandboxHash(String paymentId) {
        return StubLifecycle.txHash(paymentId);
    }

    /** A public checkout request (no key). */
    protected Reply checkout(HttpMethod method, String path, Object body) {
        return call(method, path, null, body, null);
    }

    protected Reply checkoutGet(String path) {
        return call(HttpMethod.GET, path, null, null, null);
    }

    /** Posts the link page's form ({@code application/x-www-form-urlencoded}). */
    protected Reply postForm(String path, Map<String, String> fields) {
        var form = new LinkedMultiValueMap<String, String>();
        fields.forEach(form::add);
        var result = http.post()
                .uri(path)
                .contentType(MediaType.APPLICATION_FORM_URLENCODED)
                .body(BodyInserters.fromFormData(form))
                .exchange()
                .expectBody(String.class)
                .returnResult();
        var text = result.getResponseBody() == null ? "" : result.getResponseBody();
        return new Reply(
                result.getStatus().value(),
                text.startsWith("{") ? JSON.readTree(text) : JSON.missingNode(),
                text,
                result.getResponseHeaders());
    }

    /** Every command to the merchant's payments: what the payment routes, checkout and the stand-in produced. */
    protected static List<PaymentCommand> paymentCommands(TestMerchant merchant) {
        return TestKafka.records(
                Topics.PAYMENT_COMMANDS, command -> command.getMerchantId().equals(merchant.id()));
    }

    /** Every command to the merchant's payment links. */
    protected static List<PaymentLinkCommand> linkCommands(TestMerchant merchant) {
        return TestKafka.records(
                Topics.PAYMENT_LINK_COMMANDS, command -> command.getMerchantId().equals(merchant.id()));
    }
}
