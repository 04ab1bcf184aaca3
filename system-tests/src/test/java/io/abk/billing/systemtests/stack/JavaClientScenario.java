package io.abk.billing.systemtests.stack;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

import io.abk.billing.webhookverify.WebhookVerifier;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.math.BigDecimal;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpRequest.BodyPublishers;
import java.net.http.HttpResponse;
import java.net.http.HttpResponse.BodyHandlers;
import java.security.SecureRandom;
import java.time.Duration;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.jspecify.annotations.Nullable;
import tools.jackson.databind.DeserializationFeature;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * The Java client's scenario against the real stack, written with the JDK's HTTP client alone: a subscription from a
 * price, paid on the local chain through the {@link ScenarioHarness}, active, its webhook verified; then a payment
 * whose answer the harness's proxy drops, retried with the same {@code Idempotency-Key} and applied once. It reads
 * only its {@link ScenarioEnv}, as a scenario in another language does.
 */
final class JavaClientScenario {

    /** Blocks come each second and settle two deep; Kafka round trips add seconds on a loaded machine. */
    private static final Duration SETTLES = Duration.ofSeconds(90);

    private static final JsonMapper JSON = JsonMapper.builder()
            .enable(DeserializationFeature.USE_BIG_DECIMAL_FOR_FLOATS)
            .build();

    private final HttpClient http = HttpClient.newBuilder()
            // Plain HTTP/1.1 with kept-alive connections, so the retry after the cut may reuse one.
            .version(HttpClient.Version.HTTP_1_1)
            .connectTimeout(Duration.ofSeconds(10))
            .build();
    private final ScenarioEnv env;

    private JavaClientScenario(ScenarioEnv env) {
        this.env = env;
    }

    static void run(ScenarioEnv env) {
        try {
            new JavaClientScenario(env).run();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    private void run() throws IOException, InterruptedException {
        // given a webhook endpoint at the harness and a product with a monthly price of 12.5 USDC
        var secret = expect(201, api("POST", "/v1/webhook_endpoints", Map.of("url", env.webhookUrl()), null))
                .path("secret")
                .asString();
        var price = Map.of("amountUsdc", new BigDecimal("12.5"), "interval", "month");
        var product = expect(
                201, api("POST", "/v1/products", Map.of("name", "Java scenario plan", "prices", List.of(price)), null));
        var priceId = product.at("/product/prices/0/id").asString();
        var wallet = freshAddress();

        // when a subscription is created from the price and its checkout is paid on chain
        var created = expect(
                201,
                api(
                        "POST",
                        "/v1/subscriptions",
                        Map.of(
                                "merchantRef",
                                "java-" + UUID.randomUUID(),
                                "customerWallet",
                                wallet,
                                "priceId",
                                priceId),
                        UUID.randomUUID().toString()));
        var subscriptionId = created.at("/subscription/id").asString();
        assertThat(created.at("/subscription/amountUsdc").decimalValue()).isEqualByComparingTo("12.5");
        var paid = expect(
                200,
                harness(
                        "/pay",
                        Map.of("checkoutUrl", created.path("checkoutUrl").asString())));
        assertThat(paid.path("txHashes")).as("approve and subscribe").hasSize(2);

        // then the subscription is active
        await("activation of " + subscriptionId)
                .atMost(SETTLES)
                .until(
                        () -> expect(200, api("GET", "/v1/subscriptions/" + subscriptionId, null, null))
                                .path("status")
                                .asString(),
                        "active"::equals);
        // and a delivery about it reached the endpoint, signed with its secret under both schemes
        var hooksPath = URI.create(env.webhookUrl()).getPath();
        var delivery = await("a webhook about " + subscriptionId)
                .atMost(SETTLES)
                .until(() -> aboutSubscription(hooksPath, subscriptionId), found -> found != null);
        verify(secret, delivery);

        // when the gateway's next answer is cut (on a connection the client keeps alive from a first call), a
        // payment's create fails for the client but reaches the gateway
        expect(200, send(env.cutUrl(), "GET", "/v1/payments?limit=1", null, null));
        expect(200, harness("/cut-next", Map.of()));
        var key = UUID.randomUUID().toString();
        var merchantRef = "java-cut-" + UUID.randomUUID();
        var payment = new LinkedHashMap<String, Object>();
        payment.put("merchantRef", merchantRef);
        payment.put("customerWallet", wallet);
        payment.put("amountUsdc", new BigDecimal("3.25"));
        assertThatThrownBy(() -> send(env.cutUrl(), "POST", "/v1/payments", payment, key))
                .isInstanceOf(IOException.class);

        // then the retry with the same key answers the payment the first try made, and it exists once
        var retried = send(env.cutUrl(), "POST", "/v1/payments", payment, key);
        var paymentId = expect(201, retried).at("/payment/id").asString();
        assertThat(retried.headers().firstValue("Idempotent-Replayed"))
                .as("the first try was applied")
                .hasValue("true");
        assertThat(expect(201, send(env.cutUrl(), "POST", "/v1/payments", payment, key))
                        .at("/payment/id")
                        .asString())
                .isEqualTo(paymentId);
        var listed = expect(200, api("GET", "/v1/payments?limit=100", null, null))
                .path("payments")
                .valueStream()
                .filter(p -> merchantRef.equals(p.path("merchantRef").asString()))
                .map(p -> p.path("id").asString())
                .toList();
        assertThat(listed).containsExactly(paymentId);
    }

    /** The first delivery to {@code path} whose event names the subscription; null while none has come. */
    private @Nullable JsonNode aboutSubscription(String path, String subscriptionId)
            throws IOException, InterruptedException {
        var request = HttpRequest.newBuilder(URI.create(env.harnessUrl() + "/webhooks?after=0"))
                .GET()
                .build();
        return expect(200, http.send(request, BodyHandlers.ofString()))
                .path("deliveries")
                .valueStream()
                .filter(d -> path.equals(d.path("path").asString()))
                .filter(d -> d.path("body").asString().contains(subscriptionId))
                .findFirst()
                .orElse(null);
    }

    private static void verify(String secret, JsonNode delivery) {
        var headers = delivery.path("headers");
        var body = delivery.path("body").asString();
        var verifier = WebhookVerifier.of(secret);
        try {
            verifier.verify(body, headers.path("x-service-signature").asString());
            verifier.verifyStandard(
                    body,
                    headers.path("webhook-id").asString(),
                    headers.path("webhook-timestamp").asString(),
                    headers.path("webhook-signature").asString());
        } catch (Exception e) {
            throw new AssertionError("delivery " + delivery + " does not verify", e);
        }
        assertThat(JSON.readTree(body).path("type").asString()).as("event type").isNotEmpty();
    }

    private HttpResponse<String> api(String method, String path, @Nullable Object body, @Nullable String key)
            throws IOException, InterruptedException {
        return send(env.baseUrl(), method, path, body, key);
    }

    private HttpResponse<String> send(
            String base, String method, String path, @Nullable Object body, @Nullable String idempotencyKey)
            throws IOException, InterruptedException {
        var request = HttpRequest.newBuilder(URI.create(base + path))
                .timeout(Duration.ofSeconds(30))
                .header("x-service-api-key", env.apiKey())
                .header("Service-Version", "2026-01-01")
                .method(
                        method,
                        body == null
                                ? BodyPublishers.noBody()
                                : BodyPublishers.ofString(JSON.writeValueAsString(body)));
        if (body != null) {
            request.header("Content-Type", "application/json");
        }
        if (idempotencyKey != null) {
            request.header("Idempotency-Key", idempotencyKey);
        }
        return http.send(request.build(), BodyHandlers.ofString());
    }

    private HttpResponse<String> harness(String path, Object body) throws IOException, InterruptedException {
        var request = HttpRequest.newBuilder(URI.create(env.harnessUrl() + path))
                .timeout(SETTLES)
                .header("Content-Type", "application/json")
                .POST(BodyPublishers.ofString(JSON.writeValueAsString(body)))
                .build();
        return http.send(request, BodyHandlers.ofString());
    }

    private static JsonNode expect(int status, HttpResponse<String> response) {
        assertThat(response.statusCode())
                .as("%s %s answered %s", response.request().method(), response.uri(), response.body())
                .isEqualTo(status);
        return JSON.readTree(response.body());
    }

    /** A wallet address nobody uses: the harness pays from it (anvil signs for it). */
    private static String freshAddress() {
        var bytes = new byte[20];
        new SecureRandom().nextBytes(bytes);
        return "0x" + HexFormat.of().formatHex(bytes);
    }
}
