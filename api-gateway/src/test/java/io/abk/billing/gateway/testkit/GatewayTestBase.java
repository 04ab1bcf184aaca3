package io.abk.billing.gateway.testkit;

import io.abk.billing.gateway.operator.adminport.AdminPort;
import java.time.Duration;
import java.util.HashMap;
import java.util.Map;
import org.jspecify.annotations.Nullable;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.http.HttpHeaders;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;
import org.springframework.test.web.reactive.server.WebTestClient;
import tools.jackson.databind.JsonNode;

/**
 * What both HTTP test bases ({@link GatewayIT}, {@link GatewayWithoutKafkaIT}) have in common: the one database
 * of the HTTP tests on the shared embedded PostgreSQL, the admin token, and merchants and keys made through the
 * operator API. Tests isolate their data by creating their own merchants.
 */
public abstract class GatewayTestBase {

    public static final String ADMIN_TOKEN = "test-admin-token-0123456789abcdef";

    private static @Nullable TestDatabase database;

    @Autowired
    protected WebTestClient http;

    @Autowired
    private ObjectProvider<AdminPort> adminPort;

    @DynamicPropertySource
    static void database(DynamicPropertyRegistry registry) {
        registry.add("spring.r2dbc.url", () -> database().r2dbcUrl());
        registry.add("spring.r2dbc.username", () -> TestDatabase.USER);
        registry.add("spring.r2dbc.password", () -> "");
        registry.add("spring.flyway.url", () -> database().jdbcUrl());
        registry.add("spring.flyway.user", () -> TestDatabase.USER);
        registry.add("spring.flyway.password", () -> "");
    }

    /** The database of the HTTP tests (created and migrated once; every gateway context of the JVM uses it). */
    protected static synchronized TestDatabase database() {
        if (database == null) {
            database = SharedInfra.newDatabase("gateway_http");
        }
        return database;
    }

    protected WebTestClient.RequestHeadersSpec<?> admin(WebTestClient.RequestHeadersSpec<?> request) {
        return request.header(HttpHeaders.AUTHORIZATION, "Bearer " + ADMIN_TOKEN);
    }

    /**
     * A client of the operator API: over the network to its own port when the context gives it one (the listeners
     * tell their ports apart by the connection), else {@link #http} on the API port.
     */
    protected WebTestClient operatorHttp() {
        var own = adminPort.getIfAvailable();
        return own == null ? http : networkClient(own.port());
    }

    /** A client of this gateway over the network, on {@code port} of this machine. */
    protected static WebTestClient networkClient(int port) {
        return WebTestClient.bindToServer()
                .baseUrl("http://localhost:" + port)
                .responseTimeout(Duration.ofSeconds(30))
                .build();
    }

    /** Creates a merchant through the operator API and returns its id. */
    protected String createMerchant(String name) {
        return createMerchant(name, null);
    }

    /** Creates a merchant with a default payout address (none when null) and returns its id. */
    protected String createMerchant(String name, @Nullable String payoutAddress) {
        var fields = new HashMap<String, Object>();
        fields.put("name", name);
        if (payoutAddress != null) {
            fields.put("payoutAddressEvm", payoutAddress);
        }
        var body = admin(operatorHttp().post().uri("/admin/v1/merchants").bodyValue(fields))
                .exchange()
                .expectStatus()
                .isCreated()
                .expectBody(JsonNode.class)
                .returnResult()
                .getResponseBody();
        return body.get("merchant").get("id").stringValue();
    }

    /** Issues a key through the operator API; returns the {@code {apiKey, secret}} body. */
    protected JsonNode createKey(String merchantId, String mode) {
        return admin(operatorHttp()
                        .post()
                        .uri("/admin/v1/merchants/{id}/api_keys", merchantId)
                        .bodyValue(Map.of("mode", mode)))
                .exchange()
                .expectStatus()
                .isCreated()
                .expectBody(JsonNode.class)
                .returnResult()
                .getResponseBody();
    }

    /** A fresh merchant with a key of {@code mode}; returns the key's secret. */
    protected String newMerchantKey(String mode) {
        return createKey(createMerchant("Merchant " + mode), mode).get("secret").stringValue();
    }

    /** A fresh merchant without a default payout address, with a key in each mode. */
    protected TestMerchant newMerchant() {
        return newMerchant(null);
    }

    /** A fresh merchant with this default payout address (none when null), with a key in each mode. */
    protected TestMerchant newMerchant(@Nullable String payoutAddress) {
        var id = createMerchant("Merchant", payoutAddress);
        return new TestMerchant(
                id,
                createKey(id, "test").get("secret").stringValue(),
                createKey(id, "live").get("secret").stringValue());
    }

    protected static HttpHeaders bearer(String key) {
        var headers = new HttpHeaders();
        headers.setBearerAuth(key);
        return headers;
    }
}
