package io.abk.billing.gateway.support;

import java.util.Map;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.webtestclient.autoconfigure.AutoConfigureWebTestClient;
import org.springframework.http.HttpHeaders;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;
import org.springframework.test.web.reactive.server.WebTestClient;
import tools.jackson.databind.JsonNode;

/**
 * Base of the gateway's HTTP tests: the whole application on a random port against the shared embedded
 * PostgreSQL, Kafka pointed at a port where nothing listens, and rate limits off (one class tests them in its
 * own context). Subclasses without extra configuration share one Spring context.
 */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT, properties = {
        "billing.admin-token=" + GatewayIT.ADMIN_TOKEN,
        "billing.rate-limits.enabled=false",
})
@AutoConfigureWebTestClient(timeout = "30s")
public abstract class GatewayIT {

    public static final String ADMIN_TOKEN = "test-admin-token-0123456789abcdef";

    @Autowired
    protected WebTestClient http;

    @DynamicPropertySource
    static void infrastructure(DynamicPropertyRegistry registry) {
        registry.add("spring.r2dbc.url", TestDatabase::r2dbcUrl);
        registry.add("spring.r2dbc.username", () -> "postgres");
        registry.add("spring.r2dbc.password", () -> "postgres");
        registry.add("spring.flyway.url", TestDatabase::jdbcUrl);
        registry.add("spring.flyway.user", () -> "postgres");
        registry.add("spring.flyway.password", () -> "postgres");
        int absentKafka = FreePorts.unused();
        registry.add("billing.kafka.bootstrap-servers", () -> "localhost:" + absentKafka);
    }

    protected WebTestClient.RequestHeadersSpec<?> admin(WebTestClient.RequestHeadersSpec<?> request) {
        return request.header(HttpHeaders.AUTHORIZATION, "Bearer " + ADMIN_TOKEN);
    }

    /** Creates a merchant through the operator API and returns its id. */
    protected String createMerchant(String name) {
        var body = http.post().uri("/admin/v1/merchants")
                .header(HttpHeaders.AUTHORIZATION, "Bearer " + ADMIN_TOKEN)
                .bodyValue(Map.of("name", name))
                .exchange().expectStatus().isCreated()
                .expectBody(JsonNode.class).returnResult().getResponseBody();
        return body.get("merchant").get("id").stringValue();
    }

    /** Issues a key through the operator API; returns the {@code {apiKey, secret}} body. */
    protected JsonNode createKey(String merchantId, String mode) {
        return http.post().uri("/admin/v1/merchants/{id}/api_keys", merchantId)
                .header(HttpHeaders.AUTHORIZATION, "Bearer " + ADMIN_TOKEN)
                .bodyValue(Map.of("mode", mode))
                .exchange().expectStatus().isCreated()
                .expectBody(JsonNode.class).returnResult().getResponseBody();
    }

    /** A fresh merchant with a key of {@code mode}; returns the key's secret. */
    protected String newMerchantKey(String mode) {
        return createKey(createMerchant("Merchant " + mode), mode).get("secret").stringValue();
    }

    protected static HttpHeaders bearer(String key) {
        var headers = new HttpHeaders();
        headers.setBearerAuth(key);
        return headers;
    }
}
