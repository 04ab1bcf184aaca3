package io.abk.billing.gateway.checkout;

import static org.assertj.core.api.Assertions.assertThat;

import io.abk.billing.contracts.SubscriptionRef;
import io.abk.billing.gateway.readmodel.projection.SnapshotJson;
import io.abk.billing.gateway.testkit.ChangeFixtures;
import io.abk.billing.gateway.testkit.GatewayWithoutKafkaIT;
import io.abk.billing.schemas.avro.Mode;
import io.abk.billing.schemas.avro.PaymentSnapshot;
import io.abk.billing.schemas.avro.SubscriptionSnapshot;
import io.abk.billing.schemas.ids.IdPrefix;
import io.abk.billing.schemas.ids.Ids;
import java.math.BigInteger;
import java.sql.Timestamp;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.web3j.abi.datatypes.Address;
import org.web3j.abi.datatypes.generated.Bytes32;
import org.web3j.abi.datatypes.generated.Uint16;
import org.web3j.abi.datatypes.generated.Uint256;
import org.web3j.abi.datatypes.generated.Uint64;
import tools.jackson.databind.JsonNode;

/**
 * Checkout JSON over HTTP with a test chain configured (a private RPC URL and a vault): the wallet calls to sign
 * while a subscription awaits its mandate or a payment can still be paid, none otherwise, none in live mode (no live
 * chain here), and the public RPC URLs for the wallet, never the private one. Resources are written straight to the
 * read model, as the projector would, since this context has no Kafka.
 */
class CheckoutChainIT extends GatewayWithoutKafkaIT {

    static final String TEST_USDC = "0x036CbD53842c5426634e7929541eC2318f3dCF7e";
    static final String PAYOUT = "0x1111111111111111111111111111111111111111";

    @Test
    void shouldGiveApproveThenSubscribeAndThePublicChainWhenASubscriptionAwaitsItsMandate() {
        var merchant = merchantNamed("Acme Shop");
        var id = subscription(merchant, Mode.TEST, "incomplete", "pending");

        var reply = get("/checkout/subscribe/" + id + ".json");

        var session = reply.body();
        assertThat(session.get("sandbox").booleanValue()).isFalse();
        assertThat(session.get("onChainSubscriptionId").stringValue())
                .isEqualTo(SubscriptionRef.of(id))
                .matches("0x[0-9a-f]{64}");
        assertThat(session.get("vaultAddress").stringValue()).isEqualTo(VAULT);
        assertThat(session.get("chainIdHex").stringValue()).isEqualTo("0x14a34");
        assertThat(texts(session.get("rpcUrls")))
                .containsExactly("https://sepolia.base.org", "https://base-sepolia.public.example.test");
        assertThat(texts(session.get("blockExplorerUrls"))).containsExactly("https://sepolia.basescan.org");
        assertThat(session.get("nativeCurrency").get("symbol").stringValue()).isEqualTo("ETH");
        assertThat(session.get("nativeCurrency").get("decimals").intValue()).isEqualTo(18);
        assertThat(session.get("confirmations").intValue()).isEqualTo(3);
        var calls = session.get("walletCalls");
        assertThat(calls).hasSize(2);
        assertThat(calls.get(0).get("to").stringValue()).isEqualTo(TEST_USDC);
        assertThat(WalletCallsTest.decode(
                        calls.get(0).get("data").stringValue(),
                        "approve(address,uint256)",
                        Address.class,
                        Uint256.class))
                .containsExactly(VAULT.toLowerCase(), BigInteger.valueOf(119_880_000L));
        assertThat(calls.get(0).get("description").stringValue())
                .isEqualTo("Allow the subscription vault to collect up to 119.88 USDC");
        assertThat(calls.get(1).get("to").stringValue()).isEqualTo(VAULT);
        assertThat(WalletCallsTest.decode(
                        calls.get(1).get("data").stringValue(),
                        "subscribe(bytes32,address,address,uint256,uint16,uint64)",
                        Bytes32.class,
                        Address.class,
                        Address.class,
                        Uint256.class,
                        Uint16.class,
                        Uint64.class))
                .containsExactly(
                        SubscriptionRef.of(id),
                        PAYOUT,
                        TEST_USDC.toLowerCase(),
                        BigInteger.valueOf(9_990_000L),
                        BigInteger.ONE,
                        BigInteger.valueOf(Instant.parse("2026-01-31T10:00:00Z").getEpochSecond()));
        assertThat(calls.get(1).get("description").stringValue())
                .isEqualTo("Subscribe: 9.99 USDC every month to Acme Shop");
        assertThat(calls)
                .allSatisfy(call -> assertThat(call.get("value").stringValue()).isEqualTo("0x0"));
        // Protects against leaking the provider key that a private RPC URL carries.
        assertThat(reply.text()).doesNotContain("provider-key-5ecret", "provider.example.test");
    }

    @Test
    void shouldGiveNoWalletCallsOnceTheMandateIsThereOrInLiveModeWithoutAChain() {
        var merchant = merchantNamed("Acme Shop");
        var active = get("/checkout/subscribe/" + subscription(merchant, Mode.TEST, "active", "active") + ".json")
                .body();
        var live = get("/checkout/subscribe/" + subscription(merchant, Mode.LIVE, "incomplete", "pending") + ".json")
                .body();

        assertThat(active.get("walletCalls").isEmpty()).isTrue();
        assertThat(active.get("onChainSubscriptionId").stringValue())
                .as("the reference does not depend on the mandate")
                .startsWith("0x");
        assertThat(live.get("walletCalls").isEmpty()).isTrue();
        assertThat(live.get("onChainSubscriptionId").isNull()).isTrue();
        assertThat(live.get("sandbox").booleanValue()).isFalse();
        assertThat(texts(live.get("rpcUrls"))).containsExactly("https://mainnet.base.org");
        assertThat(live.get("confirmations").intValue()).isEqualTo(10);
    }

    @Test
    void shouldGiveTheTransferWhileAPaymentCanBePaidAndNothingOnceItIsPaid() {
        var merchant = merchantNamed("Acme Shop");
        var now = Instant.now().truncatedTo(ChronoUnit.SECONDS);
        var open =
                get("/checkout/pay/" + payment(merchant, Mode.TEST, "open", now.plus(1, ChronoUnit.HOURS)) + "/status");
        var expired = get("/checkout/pay/" + payment(merchant, Mode.TEST, "open", now.minus(1, ChronoUnit.HOURS))
                        + "/status")
                .body();
        var paid = get("/checkout/pay/" + payment(merchant, Mode.TEST, "paid", now.plus(1, ChronoUnit.HOURS))
                        + "/status")
                .body();
        var live = get("/checkout/pay/" + payment(merchant, Mode.LIVE, "open", now.plus(1, ChronoUnit.HOURS))
                        + "/status")
                .body();

        var transfer = open.body().get("walletCalls");
        assertThat(transfer).hasSize(1);
        assertThat(transfer.get(0).get("to").stringValue()).isEqualTo(TEST_USDC);
        assertThat(WalletCallsTest.decode(
                        transfer.get(0).get("data").stringValue(),
                        "transfer(address,uint256)",
                        Address.class,
                        Uint256.class))
                .containsExactly(PAYOUT, BigInteger.valueOf(10_000_000L));
        assertThat(transfer.get(0).get("description").stringValue()).isEqualTo("Pay 10 USDC to Acme Shop");
        assertThat(open.body().get("sandbox").booleanValue()).isFalse();
        assertThat(texts(open.body().get("rpcUrls"))).doesNotContain(PRIVATE_RPC_URL);
        assertThat(open.text()).doesNotContain("provider-key-5ecret");
        assertThat(expired.get("status").stringValue()).isEqualTo("expired");
        assertThat(expired.get("walletCalls")).as("a late transfer still pays").hasSize(1);
        assertThat(paid.get("walletCalls").isEmpty()).isTrue();
        assertThat(live.get("walletCalls").isEmpty()).isTrue();
    }

    private record Reply(JsonNode body, String text) {}

    private Reply get(String path) {
        var text = http.get()
                .uri(path)
                .exchange()
                .expectStatus()
                .isOk()
                .expectBody(String.class)
                .returnResult()
                .getResponseBody();
        return new Reply(
                tools.jackson.databind.json.JsonMapper.builder().build().readTree(text), text);
    }

    /** A 9.99 USDC monthly subscription anchored at 2026-01-31T10:00:00Z, paying {@link #PAYOUT}, in the read model. */
    private String subscription(String merchantId, Mode mode, String status, String mandateStatus) {
        var id = Ids.newId(IdPrefix.SUBSCRIPTION, Instant.now());
        SubscriptionSnapshot snapshot = SubscriptionSnapshot.newBuilder(
                        ChangeFixtures.subscription(id, merchantId, mode, 1, status))
                .setMandateStatus(mandateStatus)
                .build();
        database()
                .execute(
                        "INSERT INTO subscriptions (id, merchant_id, mode, status, version, created_at, body) VALUES (?, ?, ?, ?, 1, ?, ?::json)",
                        id,
                        merchantId,
                        mode(mode),
                        status,
                        Timestamp.from(snapshot.getCreatedAt()),
                        SnapshotJson.subscription(snapshot));
        return id;
    }

    /** A 10 USDC payment to {@link #PAYOUT} in the read model. */
    private String payment(String merchantId, Mode mode, String status, Instant expiresAt) {
        var id = Ids.newId(IdPrefix.PAYMENT, Instant.now());
        var createdAt = expiresAt.minus(2, ChronoUnit.HOURS);
        PaymentSnapshot snapshot = ChangeFixtures.payment(id, merchantId, mode, 1, status, createdAt, expiresAt);
        database()
                .execute(
                        """
                INSERT INTO payments (id, payment_link_id, merchant_id, mode, status, version, created_at, expires_at, body)
                VALUES (?, NULL, ?, ?, ?, 1, ?, ?, ?::json)""",
                        id,
                        merchantId,
                        mode(mode),
                        status,
                        Timestamp.from(createdAt),
                        Timestamp.from(expiresAt),
                        SnapshotJson.payment(snapshot));
        return id;
    }

    private String merchantNamed(String displayName) {
        var created = admin(operatorHttp()
                        .post()
                        .uri("/admin/v1/merchants")
                        .bodyValue(Map.of("name", "Legal name", "displayName", displayName)))
                .exchange()
                .expectStatus()
                .isCreated()
                .expectBody(JsonNode.class)
                .returnResult()
                .getResponseBody();
        return created.get("merchant").get("id").stringValue();
    }

    private static String mode(Mode mode) {
        return mode == Mode.LIVE ? "live" : "test";
    }

    private static List<String> texts(JsonNode array) {
        return array.valueStream().map(JsonNode::stringValue).toList();
    }
}
