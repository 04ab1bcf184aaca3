package io.abk.billing.gateway.testkit;

import static org.assertj.core.api.Assertions.assertThat;

import io.abk.billing.schemas.avro.CreateSubscription;
import io.abk.billing.schemas.avro.SubscriptionCommand;
import java.math.BigDecimal;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.jspecify.annotations.Nullable;
import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpMethod;
import org.springframework.http.MediaType;
import org.springframework.test.web.reactive.server.WebTestClient;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * HTTP helpers of the lifecycle tests (subscriptions after create, invoices, checkout), on the shared context of
 * {@link GatewayIT}: this class adds methods only, so its subclasses share that one context.
 */
public abstract class LifecycleIT extends GatewayIT {

    public static final String WALLET = "0xAbCdEf0123456789aBcDeF0123456789AbCdEf01";
    public static final String PAYOUT = "0x2222222222222222222222222222222222222222";
    private static final JsonMapper JSON = JsonMapper.builder().build();

    /** A response: status, parsed body (a missing node when empty) and headers. */
    public record Reply(int status, JsonNode body, String text, HttpHeaders headers) {

        public @Nullable String code() {
            var code = body.get("code");
            return code == null ? null : code.stringValue();
        }

        public @Nullable String header(String name) {
            return headers.getFirst(name);
        }
    }

    /** A subscription made through the API, with its first invoice. */
    public record Created(String subscriptionId, String invoiceId) {}

    /** Creates a month subscription of {@code amountUsdc} with this metadata in {@code mode}. */
    protected Created subscribe(TestMerchant merchant, String mode, String amountUsdc, Map<String, String> metadata) {
        var body = new HashMap<String, Object>();
        body.put("merchantRef", "ref-" + System.nanoTime());
        body.put("customerWallet", WALLET);
        body.put("payoutAddressEvm", PAYOUT);
        body.put("amountUsdc", new BigDecimal(amountUsdc));
        body.put("interval", "month");
        body.put("metadata", metadata);
        body.put("successUrl", "https://shop.example.test/thanks");
        body.put("cancelUrl", "https://shop.example.test/cart");
        var reply = call(HttpMethod.POST, "/v1/subscriptions", merchant.key(mode), body, null);
        assertThat(reply.status()).as(reply.text()).isEqualTo(201);
        return new Created(
                reply.body().get("subscription").get("id").stringValue(),
                reply.body().get("invoice").get("id").stringValue());
    }

    protected Created subscribe(TestMerchant merchant, String mode) {
        return subscribe(merchant, mode, "9.99", Map.of());
    }

    /** A subscription activated with a successful first charge, so its first invoice is paid. */
    protected Created activeSubscription(TestMerchant merchant, String amountUsdc) {
        var created = subscribe(merchant, "test", amountUsdc, Map.of());
        var activated = post(merchant, "test", "/v1/subscriptions/" + created.subscriptionId() + "/activate", Map.of());
        assertThat(activated.status()).as(activated.text()).isEqualTo(200);
        assertThat(activated.body().get("invoice").get("status").stringValue()).isEqualTo("paid");
        return created;
    }

    protected Reply post(TestMerchant merchant, String mode, String path, @Nullable Object body) {
        return call(HttpMethod.POST, path, merchant.key(mode), body, null);
    }

    protected Reply get(TestMerchant merchant, String mode, String path) {
        return call(HttpMethod.GET, path, merchant.key(mode), null, null);
    }

    /**
     * One request. A String body is sent as it is (raw JSON, possibly malformed); any other body as JSON.
     *
     * @param apiKey the secret to send, or null for a public (checkout) route
     * @param idempotencyKey an Idempotency-Key, or null
     */
    protected Reply call(
            HttpMethod method,
            String path,
            @Nullable String apiKey,
            @Nullable Object body,
            @Nullable String idempotencyKey) {
        var request = http.method(method).uri(path);
        if (apiKey != null) {
            request = request.header("x-service-api-key", apiKey);
        }
        if (idempotencyKey != null) {
            request = request.header("Idempotency-Key", idempotencyKey);
        }
        return exchange(request, body);
    }

    /** Sends {@code request} with {@code body} as JSON (none when null) and reads the reply. */
    protected Reply exchange(WebTestClient.RequestBodySpec request, @Nullable Object body) {
        var spec = body == null
                ? request
                : request.contentType(MediaType.APPLICATION_JSON).bodyValue(body);
        var result = spec.exchange().expectBody(String.class).returnResult();
        var text = result.getResponseBody() == null ? "" : result.getResponseBody();
        var isJson = text.startsWith("{") || text.startsWith("[");
        return new Reply(
                result.getStatus().value(),
                isJson ? JSON.readTree(text) : JSON.missingNode(),
                text,
                result.getResponseHeaders());
    }

    /** The field names of a JSON object, in order. */
    protected static List<String> fieldNames(JsonNode object) {
        return List.copyOf(object.propertyNames());
    }

    /** Every command of the merchant other than its creates: what the lifecycle routes produced. */
    protected static List<SubscriptionCommand> lifecycleCommands(TestMerchant merchant) {
        return TestKafka.commands(command ->
                command.getMerchantId().equals(merchant.id()) && !(command.getPayload() instanceof CreateSubscription));
    }

    /** The follow-up command id recorded with the outcome, or null while none is recorded. */
    protected static @Nullable String followUpOf(String commandId) {
        try (var connection = database().connect();
                var statement = connection.prepareStatement(
                        "SELECT follow_up_command_id FROM command_outcomes WHERE command_id = ?")) {
            statement.setString(1, commandId);
            try (var rows = statement.executeQuery()) {
                return rows.next() ? rows.getString(1) : null;
            }
        } catch (java.sql.SQLException e) {
            throw new IllegalStateException(e);
        }
    }
}
