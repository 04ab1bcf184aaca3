package io.abk.billing.systemtests.stack;

import io.abk.billing.localstack.LocalStack;
import java.net.http.HttpClient;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.UUID;

/**
 * How a test reaches a running stack from outside: its HTTP API (merchant and operator routes), its Kafka
 * topics ({@link #topics()}) and its database ({@link #database()}).
 */
final class Api {

    /** The default payout address of every merchant the tests create, so creates need no payout address. */
    static final String MERCHANT_PAYOUT = "0x1111111111111111111111111111111111111111";

    private final LocalStack.Info info;

    Api(LocalStack.Info info) {
        this.info = info;
        SeenSecrets.add(info.adminToken());
        SeenSecrets.add(info.demoTestKey());
        SeenSecrets.add(info.demoLiveKey());
        SeenSecrets.add(info.demoOwnerPassword());
        SeenSecrets.addSealingKeys(info.sealingKeys());
    }

    LocalStack.Info info() {
        return info;
    }

    /** The base of checkout URLs, as configured for the gateway. */
    String publicUrl() {
        return info.publicUrl();
    }

    String adminToken() {
        return info.adminToken();
    }

    /**
     * The client every call shares, so connections are kept alive and reused across requests and tests, as a
     * merchant's SDK would (this also guards the fix that {@code KeepAliveIT} pins down).
     */
    static final HttpClient SHARED = newClient();

    /** A client with its own connection pool. */
    static HttpClient newClient() {
        return HttpClient.newBuilder()
                // Plain HTTP/1.1: the JDK client would otherwise try an h2c upgrade on every new connection.
                .version(HttpClient.Version.HTTP_1_1)
                .connectTimeout(Duration.ofSeconds(10))
                .build();
    }

    Call get(String path) {
        return new Call(info.baseUrl(), "GET", path);
    }

    Call post(String path) {
        return new Call(info.baseUrl(), "POST", path);
    }

    Call patch(String path) {
        return new Call(info.baseUrl(), "PATCH", path);
    }

    /** An operator call with the stack's admin token. */
    Call admin(String method, String path) {
        return new Call(info.baseUrl(), method, path).bearer(info.adminToken());
    }

    /**
     * A new merchant (through the operator API) with a default payout address and one test and one live key.
     * The name is made unique so runs never collide.
     */
    TestMerchant newMerchant(String name) {
        return newMerchant(name, MERCHANT_PAYOUT);
    }

    /** A new merchant as {@link #newMerchant(String)} makes, whose default payout address is {@code payoutAddress}. */
    TestMerchant newMerchant(String name, String payoutAddress) {
        var body = new LinkedHashMap<String, Object>();
        body.put("name", name + " " + UUID.randomUUID().toString().substring(0, 8));
        body.put("payoutAddressEvm", payoutAddress);
        var merchantId = admin("POST", "/admin/v1/merchants")
                .json(body)
                .send()
                .expect(201)
                .json()
                .at("/merchant/id")
                .asString();
        var test = newKey(merchantId, "test");
        var live = newKey(merchantId, "live");
        return new TestMerchant(merchantId, test.secret(), test.id(), live.secret(), live.id());
    }

    /** A new merchant as {@link #newMerchant} does, whose checkout pages show {@code displayName}. */
    TestMerchant newMerchantDisplayed(String displayName) {
        var body = new LinkedHashMap<String, Object>();
        body.put("name", displayName + " " + UUID.randomUUID().toString().substring(0, 8));
        body.put("displayName", displayName);
        body.put("payoutAddressEvm", MERCHANT_PAYOUT);
        var merchantId = admin("POST", "/admin/v1/merchants")
                .json(body)
                .send()
                .expect(201)
                .json()
                .at("/merchant/id")
                .asString();
        var test = newKey(merchantId, "test");
        var live = newKey(merchantId, "live");
        return new TestMerchant(merchantId, test.secret(), test.id(), live.secret(), live.id());
    }

    /** A new key of {@code mode} for the merchant: {@code {id, secret}}. */
    IssuedKey newKey(String merchantId, String mode) {
        var json = admin("POST", "/admin/v1/merchants/" + merchantId + "/api_keys")
                .json(Map.of("mode", mode))
                .send()
                .expect(201)
                .json();
        return new IssuedKey(
                json.at("/apiKey/id").asString(), json.path("secret").asString());
    }

    /** An API key's id and its secret (the full key). */
    record IssuedKey(String id, String secret) {}

    TopicLog topics() {
        return new TopicLog(info.kafkaBootstrapServers());
    }

    /** A JDBC connection to the platform's database (control plane and read model). */
    Connection database() {
        try {
            return DriverManager.getConnection(info.jdbcUrl(), "billing", "billing");
        } catch (SQLException e) {
            throw new IllegalStateException("cannot connect to " + info.jdbcUrl(), e);
        }
    }
}
