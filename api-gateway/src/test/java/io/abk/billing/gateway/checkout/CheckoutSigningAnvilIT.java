package io.abk.billing.gateway.checkout;

import static org.assertj.core.api.Assertions.assertThat;

import io.abk.billing.contracts.AuthorizationNonce;
import io.abk.billing.contracts.Erc20Abi;
import io.abk.billing.contracts.PermitData;
import io.abk.billing.contracts.PermitTokenAbi;
import io.abk.billing.contracts.SubscribeAuthorization;
import io.abk.billing.contracts.SubscriptionRef;
import io.abk.billing.contracts.SubscriptionVaultAbi;
import io.abk.billing.gateway.readmodel.projection.SnapshotJson;
import io.abk.billing.gateway.testkit.ChangeFixtures;
import io.abk.billing.gateway.testkit.FreePorts;
import io.abk.billing.gateway.testkit.GatewayTestBase;
import io.abk.billing.localchain.AnvilAccounts;
import io.abk.billing.localchain.AnvilNode;
import io.abk.billing.localchain.AnvilOptions;
import io.abk.billing.localchain.LocalChainDeployer;
import io.abk.billing.localchain.LocalChainDeployment;
import io.abk.billing.localchain.LocalChainTransactions;
import io.abk.billing.schemas.avro.Mode;
import io.abk.billing.schemas.avro.PaymentSnapshot;
import io.abk.billing.schemas.avro.SubscriptionSnapshot;
import io.abk.billing.schemas.ids.IdPrefix;
import io.abk.billing.schemas.ids.Ids;
import java.math.BigInteger;
import java.sql.Timestamp;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.function.Consumer;
import org.jspecify.annotations.Nullable;
import org.junit.jupiter.api.Test;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.webtestclient.autoconfigure.AutoConfigureWebTestClient;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;
import org.web3j.crypto.Credentials;
import org.web3j.crypto.Sign;
import org.web3j.crypto.StructuredDataEncoder;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * The checkout's signature paths against a real chain: anvil with the vault and TestUSDC (FiatToken v2's permit and
 * EIP-3009) deployed. What {@code /signing} gives is hashed here by web3j's own EIP-712 encoder, signed with the
 * customer's known key, and submitted to the contracts by the relayer: the vault holds the signed subscription and the
 * allowance the permit set, the token moves the payment's exact amount; so the domain read from the token and the
 * terms are the contracts' own. Every bad input to {@code /signatures} and {@code /authorization} is a 400 with its
 * code: this context has no Kafka, so an answer that is not 400 would have tried to send. Resources are written
 * straight to the read model, as the projector would.
 */
@SpringBootTest(
        webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
        properties = {
            "billing.admin-token=" + GatewayTestBase.ADMIN_TOKEN,
            "billing.rate-limits.enabled=false",
            "billing.chains.test.name=Local",
            "billing.chains.test.confirmations=1",
        })
@AutoConfigureWebTestClient(timeout = "30s")
class CheckoutSigningAnvilIT extends GatewayTestBase {

    static final Credentials RELAYER = AnvilAccounts.get(1);
    static final Credentials CUSTOMER = AnvilAccounts.get(2);
    static final Credentials STRANGER = AnvilAccounts.get(4);
    static final String PAYOUT = AnvilAccounts.get(3).getAddress();
    static final JsonMapper JSON = JsonMapper.builder().build();

    private static @Nullable AnvilNode node;
    private static @Nullable LocalChainDeployment deployment;
    private static @Nullable LocalChainTransactions tx;

    @DynamicPropertySource
    static void chains(DynamicPropertyRegistry registry) {
        var chain = chain();
        registry.add("billing.chains.test.rpc-url", chain::rpcUrl);
        registry.add("billing.chains.test.chain-id", chain::chainId);
        registry.add("billing.chains.test.usdc-address", () -> deployment().tokenAddress());
        registry.add("billing.chains.test.vault-address", () -> deployment().vaultAddress());
        int closed = FreePorts.unused();
        registry.add("billing.chains.live.rpc-url", () -> "http://127.0.0.1:" + closed);
        int nothingListens = FreePorts.unused();
        registry.add("billing.kafka.bootstrap-servers", () -> "localhost:" + nothingListens);
    }

    /** anvil with the contracts, started once for the class; its time starts at the wall clock, as the service's. */
    private static synchronized AnvilNode chain() {
        if (node == null) {
            node = AnvilNode.start(AnvilOptions.defaults());
            Runtime.getRuntime().addShutdownHook(new Thread(node::close));
            var deployer = new LocalChainDeployer(node);
            tx = deployer.transactions();
            deployment = deployer.deploy(AnvilAccounts.get(0), RELAYER.getAddress());
            deployer.mint(
                    AnvilAccounts.get(0),
                    deployment.tokenAddress(),
                    List.of(CUSTOMER.getAddress()),
                    BigInteger.valueOf(500_000_000L));
        }
        return node;
    }

    private static LocalChainDeployment deployment() {
        chain();
        return Objects.requireNonNull(deployment);
    }

    @Test
    void shouldOfferAPermitAndTermsThatTheTokenAndTheVaultAcceptWhenTheCustomerSignsThem() {
        var merchant = newMerchant();
        var id = subscription(merchant.id(), CUSTOMER.getAddress());

        var signing = get("/checkout/subscribe/" + id + "/signing?wallet=" + CUSTOMER.getAddress());

        assertThat(signing.path("supported").asBoolean()).isTrue();
        var permit = signing.path("permit");
        var permitData = JSON.readTree(permit.path("typedData").asString());
        // the token's own name and version, read from it
        assertThat(permitData.at("/domain/name").asString()).isEqualTo("Test USDC");
        assertThat(permitData.at("/domain/version").asString()).isEqualTo("2");
        assertThat(permit.path("value").asString()).isEqualTo("119880000");
        var terms = signing.path("terms");
        assertThat(terms.path("periods").asLong()).isEqualTo(12);
        var termsData = JSON.readTree(terms.path("typedData").asString());
        assertThat(termsData.at("/message/ref").asString()).isEqualTo(SubscriptionRef.of(id));
        assertThat(termsData.at("/message/amount").asString()).isEqualTo("9990000");

        var permitSignature = sign(permit.path("typedData").asString(), CUSTOMER);
        var termsSignature = sign(terms.path("typedData").asString(), CUSTOMER);
        var submitted = tx().send(
                        RELAYER,
                        deployment().vaultAddress(),
                        SubscriptionVaultAbi.subscribeBySignature(
                                terms(termsData),
                                termsSignature,
                                new PermitData(
                                        new BigInteger(permit.path("value").asString()),
                                        BigInteger.valueOf(
                                                permit.path("deadline").asLong()),
                                        permitSignature),
                                null,
                                BigInteger.ZERO));

        assertThat(submitted.isStatusOK()).isTrue();
        var onChain = SubscriptionVaultAbi.decodeSubscription(
                tx().call(deployment().vaultAddress(), SubscriptionVaultAbi.getSubscription(SubscriptionRef.of(id))));
        assertThat(onChain.customer()).isEqualToIgnoringCase(CUSTOMER.getAddress());
        assertThat(onChain.amount()).isEqualTo(BigInteger.valueOf(9_990_000L));
        assertThat(onChain.maxCharges()).isEqualTo(12);
        assertThat(Erc20Abi.decodeUint256(tx().call(
                                deployment().tokenAddress(),
                                Erc20Abi.allowance(
                                        CUSTOMER.getAddress(), deployment().vaultAddress()))))
                .isEqualTo(BigInteger.valueOf(119_880_000L));
    }

    @Test
    void shouldCountTheDeadlinesFromTheMerchantsTestClockWhenItStandsAheadOfTheWallClock() {
        // a test merchant whose clock is frozen 40 days ahead: its checkout commands carry that time
        var merchant = newMerchant();
        var frozenAt = Instant.now().plus(40, ChronoUnit.DAYS).truncatedTo(ChronoUnit.SECONDS);
        database()
                .execute(
                        "INSERT INTO test_clocks (merchant_id, frozen_at, version, created_at, updated_at) VALUES (?, ?, 1, now(), now())",
                        merchant.id(),
                        Timestamp.from(frozenAt));
        var subscription = subscription(merchant.id(), CUSTOMER.getAddress());
        var payment = payment(merchant.id(), CUSTOMER.getAddress());

        var terms = get("/checkout/subscribe/" + subscription + "/signing?wallet=" + CUSTOMER.getAddress())
                .path("terms");
        var authorization = get("/checkout/pay/" + payment + "/signing?wallet=" + CUSTOMER.getAddress())
                .path("authorization");

        // then an hour of validity counts from the merchant's now, not the wall clock's
        assertThat(Instant.ofEpochSecond(terms.path("deadline").asLong())).isAfter(frozenAt);
        assertThat(Instant.ofEpochSecond(authorization.path("validBefore").asLong()))
                .isAfter(frozenAt);
    }

    @Test
    void shouldRefuseEveryBadSignedSubscriptionWithItsCodeAndSendNothing() {
        var merchant = newMerchant();
        var id = subscription(merchant.id(), CUSTOMER.getAddress());
        var signing = get("/checkout/subscribe/" + id + "/signing?wallet=" + CUSTOMER.getAddress());
        var termsData = signing.at("/terms/typedData").asString();
        var good = new LinkedHashMap<String, Object>();
        good.put("wallet", CUSTOMER.getAddress());
        good.put("periods", 12);
        good.put("deadline", signing.at("/terms/deadline").asLong());
        good.put("nonce", signing.at("/terms/nonce").asString());
        good.put("signature", sign(termsData, CUSTOMER));
        var permit = new LinkedHashMap<String, Object>();
        permit.put("value", signing.at("/permit/value").asString());
        permit.put("deadline", signing.at("/permit/deadline").asLong());
        permit.put("signature", sign(signing.at("/permit/typedData").asString(), CUSTOMER));
        good.put("permit", permit);
        var path = "/checkout/subscribe/" + id + "/signatures";

        assertRefused(path, good, body -> body.put("signature", sign(termsData, STRANGER)), "signature_invalid");
        assertRefused(path, good, body -> body.put("nonce", "0x" + "ab".repeat(32)), "signature_invalid");
        assertRefused(path, good, body -> body.put("signature", highS(sign(termsData, CUSTOMER))), "signature_invalid");
        assertRefused(
                path, good, body -> body.put("deadline", Instant.now().getEpochSecond() - 1), "signature_expired");
        assertRefused(
                path,
                good,
                body -> body.put(
                        "deadline", Instant.now().plus(3, ChronoUnit.HOURS).getEpochSecond()),
                "terms_mismatch");
        assertRefused(path, good, body -> body.put("periods", 6), "terms_mismatch");
        assertRefused(path, good, body -> body.put("wallet", STRANGER.getAddress()), "terms_mismatch");
        assertRefused(path, good, body -> body.put("signature", "0x1234"), "validation_error");
        assertRefused(path, good, body -> body.remove("nonce"), "validation_error");
        assertRefused(
                path, good, body -> body.put("permit", permitWith(permit, "value", "119880001")), "signature_invalid");
        assertRefused(path, good, body -> body.put("permit", permitWith(permit, "value", "1")), "terms_mismatch");
        assertRefused(
                path,
                good,
                body -> body.put("permit", permitWith(permit, "signature", sign(termsData, CUSTOMER))),
                "signature_invalid");
        assertThat(post(path, null).path("code").asString()).isEqualTo("validation_error");
    }

    @Test
    void shouldOfferTheExactTransferToThePayoutThatTheTokenCarriesOutWhenTheCustomerSignsIt() {
        var merchant = newMerchant();
        var id = payment(merchant.id(), CUSTOMER.getAddress());
        var before = balance(PAYOUT);

        var signing = get("/checkout/pay/" + id + "/signing?wallet=" + CUSTOMER.getAddress());

        assertThat(signing.path("supported").asBoolean()).isTrue();
        var authorization = signing.path("authorization");
        assertThat(authorization.path("nonce").asString()).isEqualTo(AuthorizationNonce.of(id));
        var typed = JSON.readTree(authorization.path("typedData").asString());
        assertThat(typed.at("/message/value").asString()).isEqualTo("10000000");
        assertThat(typed.at("/message/to").asString()).isEqualToIgnoringCase(PAYOUT);
        var signature = sign(authorization.path("typedData").asString(), CUSTOMER);
        var sent = tx().send(
                        RELAYER,
                        deployment().tokenAddress(),
                        PermitTokenAbi.transferWithAuthorization(
                                CUSTOMER.getAddress(),
                                PAYOUT,
                                BigInteger.valueOf(10_000_000L),
                                BigInteger.valueOf(
                                        authorization.path("validAfter").asLong()),
                                BigInteger.valueOf(
                                        authorization.path("validBefore").asLong()),
                                authorization.path("nonce").asString(),
                                signature));

        assertThat(sent.isStatusOK()).isTrue();
        assertThat(balance(PAYOUT).subtract(before)).isEqualTo(BigInteger.valueOf(10_000_000L));
    }

    @Test
    void shouldRefuseEveryBadSignedTransferWithItsCodeAndSendNothing() {
        var merchant = newMerchant();
        var id = payment(merchant.id(), CUSTOMER.getAddress());
        var authorization = get("/checkout/pay/" + id + "/signing?wallet=" + CUSTOMER.getAddress())
                .path("authorization");
        var typed = authorization.path("typedData").asString();
        var good = new LinkedHashMap<String, Object>();
        good.put("from", CUSTOMER.getAddress());
        good.put("validAfter", authorization.path("validAfter").asLong());
        good.put("validBefore", authorization.path("validBefore").asLong());
        good.put("signature", sign(typed, CUSTOMER));
        var path = "/checkout/pay/" + id + "/authorization";

        assertRefused(path, good, body -> body.put("signature", sign(typed, STRANGER)), "signature_invalid");
        assertRefused(
                path, good, body -> body.put("validBefore", Instant.now().getEpochSecond() - 1), "signature_expired");
        assertRefused(
                path, good, body -> body.put("validBefore", Instant.now().getEpochSecond() + 600), "signature_invalid");
        assertRefused(
                path,
                good,
                body -> body.put(
                        "validAfter", Instant.now().plus(1, ChronoUnit.HOURS).getEpochSecond()),
                "terms_mismatch");
        assertRefused(path, good, body -> body.put("from", STRANGER.getAddress()), "terms_mismatch");
        assertRefused(path, good, body -> body.put("from", "0x12"), "validation_error");
        // a wallet other than the payment's is not offered anything to sign either
        assertThat(status("/checkout/pay/" + id + "/signing?wallet=" + STRANGER.getAddress()))
                .isEqualTo(400);
    }

    @Test
    void shouldOfferNothingToSignWhenTheChainDoesNotAnswerOrThePaymentIsPaid() {
        var merchant = newMerchant();
        var live = get("/checkout/pay/" + payment(merchant.id(), Mode.LIVE, "open") + "/signing?wallet="
                + CUSTOMER.getAddress());
        var paid = get("/checkout/pay/" + payment(merchant.id(), Mode.TEST, "paid") + "/signing?wallet="
                + CUSTOMER.getAddress());

        assertThat(live.path("supported").asBoolean()).isFalse();
        assertThat(live.path("reason").asString()).isEqualTo("chain_unavailable");
        assertThat(paid.path("reason").asString()).isEqualTo("not_payable");
    }

    // ---- helpers -------------------------------------------------------------------------------------------------

    /** Signs the eth_signTypedData_v4 payload as a wallet would: web3j's EIP-712 hash, then the key's signature. */
    private static String sign(String typedData, Credentials key) {
        try {
            var digest = new StructuredDataEncoder(typedData).hashStructuredData();
            var data = Sign.signMessage(digest, key.getEcKeyPair(), false);
            return "0x" + HexFormat.of().formatHex(data.getR()) + HexFormat.of().formatHex(data.getS())
                    + HexFormat.of().formatHex(data.getV());
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    /** The same signature with s' = n - s and v flipped: valid for ecrecover, refused by the token and the vault. */
    private static String highS(String signature) {
        var n = new BigInteger("FFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFEBAAEDCE6AF48A03BBFD25E8CD0364141", 16);
        var s = new BigInteger(signature.substring(66, 130), 16);
        var v = Integer.parseInt(signature.substring(130), 16);
        return signature.substring(0, 66)
                + String.format("%064x", n.subtract(s))
                + Integer.toHexString(v == 27 ? 28 : 27);
    }

    private static Map<String, Object> permitWith(Map<String, Object> permit, String field, Object value) {
        var changed = new LinkedHashMap<>(permit);
        changed.put(field, value);
        return changed;
    }

    private static SubscribeAuthorization terms(JsonNode typed) {
        var m = typed.path("message");
        return new SubscribeAuthorization(
                m.path("ref").asString(),
                m.path("customer").asString(),
                m.path("merchant").asString(),
                m.path("token").asString(),
                new BigInteger(m.path("amount").asString()),
                Integer.parseInt(m.path("periodMonths").asString()),
                Instant.ofEpochSecond(Long.parseLong(m.path("firstChargeAt").asString())),
                Long.parseLong(m.path("periods").asString()),
                Instant.ofEpochSecond(Long.parseLong(m.path("deadline").asString())),
                m.path("nonce").asString());
    }

    private void assertRefused(
            String path, Map<String, Object> good, Consumer<Map<String, Object>> change, String code) {
        var body = new LinkedHashMap<>(good);
        change.accept(body);
        var answer = post(path, body);
        assertThat(answer.path("code").asString()).as("%s: %s", body, answer).isEqualTo(code);
    }

    private JsonNode post(String path, @Nullable Object body) {
        var request = http.post().uri(path).header("content-type", "application/json");
        var text = (body == null ? request : request.bodyValue(body))
                .exchange()
                .expectStatus()
                .isBadRequest()
                .expectBody(String.class)
                .returnResult()
                .getResponseBody();
        return JSON.readTree(text);
    }

    private JsonNode get(String path) {
        var text = http.get()
                .uri(path)
                .exchange()
                .expectStatus()
                .isOk()
                .expectBody(String.class)
                .returnResult()
                .getResponseBody();
        return JSON.readTree(text);
    }

    private int status(String path) {
        return http.get()
                .uri(path)
                .exchange()
                .returnResult(String.class)
                .getStatus()
                .value();
    }

    private static LocalChainTransactions tx() {
        chain();
        return Objects.requireNonNull(tx);
    }

    private static BigInteger balance(String address) {
        return Erc20Abi.decodeUint256(tx().call(deployment().tokenAddress(), Erc20Abi.balanceOf(address)));
    }

    /** A 9.99 USDC monthly subscription of {@code wallet} awaiting its mandate, paying {@link #PAYOUT}. */
    private static String subscription(String merchantId, String wallet) {
        var id = Ids.newId(IdPrefix.SUBSCRIPTION, Instant.now());
        SubscriptionSnapshot snapshot = SubscriptionSnapshot.newBuilder(
                        ChangeFixtures.subscription(id, merchantId, Mode.TEST, 1, "incomplete"))
                .setWalletAddress(wallet)
                .setPayoutAddress(PAYOUT)
                .setMandateStatus("pending")
                .build();
        database()
                .execute(
                        "INSERT INTO subscriptions (id, merchant_id, mode, status, version, created_at, body) VALUES (?, ?, ?, ?, 1, ?, ?::json)",
                        id,
                        merchantId,
                        "test",
                        "incomplete",
                        Timestamp.from(snapshot.getCreatedAt()),
                        SnapshotJson.subscription(snapshot));
        return id;
    }

    private static String payment(String merchantId, String wallet) {
        return payment(merchantId, Mode.TEST, "open", wallet);
    }

    private static String payment(String merchantId, Mode mode, String status) {
        return payment(merchantId, mode, status, CUSTOMER.getAddress());
    }

    /** A 10 USDC payment from {@code wallet} to {@link #PAYOUT}, expiring in a day. */
    private static String payment(String merchantId, Mode mode, String status, String wallet) {
        var id = Ids.newId(IdPrefix.PAYMENT, Instant.now());
        var expiresAt = Instant.now().plus(1, ChronoUnit.DAYS);
        var createdAt = Instant.now().minus(1, ChronoUnit.MINUTES);
        PaymentSnapshot snapshot = PaymentSnapshot.newBuilder(
                        ChangeFixtures.payment(id, merchantId, mode, 1, status, createdAt, expiresAt))
                .setCustomerWallet(wallet)
                .setPayoutAddress(PAYOUT)
                .build();
        database()
                .execute(
                        """
                INSERT INTO payments (id, payment_link_id, merchant_id, mode, status, version, created_at, expires_at, body)
                VALUES (?, NULL, ?, ?, ?, 1, ?, ?, ?::json)""",
                        id,
                        merchantId,
                        mode == Mode.LIVE ? "live" : "test",
                        status,
                        Timestamp.from(createdAt),
                        Timestamp.from(expiresAt),
                        SnapshotJson.payment(snapshot));
        return id;
    }
}
