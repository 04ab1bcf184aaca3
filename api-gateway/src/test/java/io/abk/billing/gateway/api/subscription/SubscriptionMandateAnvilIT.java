package io.abk.billing.gateway.api.subscription;

import static org.assertj.core.api.Assertions.assertThat;

import io.abk.billing.contracts.ChargeId;
import io.abk.billing.contracts.Erc20Abi;
import io.abk.billing.contracts.SubscriptionRef;
import io.abk.billing.contracts.SubscriptionVaultAbi;
import io.abk.billing.gateway.chain.ChainReads;
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
import io.abk.billing.schemas.avro.SubscriptionSnapshot;
import io.abk.billing.schemas.ids.IdPrefix;
import io.abk.billing.schemas.ids.Ids;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.sql.Timestamp;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.UUID;
import java.util.regex.Pattern;
import org.jspecify.annotations.Nullable;
import org.junit.jupiter.api.Test;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.webtestclient.autoconfigure.AutoConfigureWebTestClient;
import org.springframework.http.MediaType;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;
import org.springframework.web.reactive.function.BodyInserters;
import org.web3j.crypto.Credentials;
import tools.jackson.databind.DeserializationFeature;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * {@code GET /v1/subscriptions/{id}/mandate}, the subscription page and the customer portal's row against a real
 * chain: anvil with the vault and the test token deployed, a customer's wallet that approves the vault and subscribes,
 * the relayer charging. The allowance, the periods it covers, the balance and the vault's charge count read back
 * exactly and follow the chain, and the portal says what to do when the next renewal is not funded;
 * live mode's chain is a closed port, whose answer comes within the deadline. Its own context (no Kafka, as
 * {@code GatewayWithoutKafkaIT}, but test mode on this anvil and live mode on the closed port): subscriptions are
 * written straight to the read model, as the projector would.
 */
@SpringBootTest(
        webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
        properties = {
            "billing.admin-token=" + GatewayTestBase.ADMIN_TOKEN,
            "billing.rate-limits.enabled=false",
            "billing.chains.test.name=Local",
            "billing.chains.test.confirmations=1",
            "billing.chains.live.vault-address=0x5FbDB2315678afecb367f032d93F642f64180aa3",
        })
@AutoConfigureWebTestClient(timeout = "30s")
class SubscriptionMandateAnvilIT extends GatewayTestBase {

    /** Chain time starts after the first charge below, so the relayer can charge the first period at once. */
    static final Instant GENESIS = Instant.parse("2026-06-01T00:00:00Z");

    static final Instant FIRST_CHARGE = Instant.parse("2026-05-31T10:00:00Z");
    static final BigInteger PLAN = BigInteger.valueOf(9_990_000L);
    static final Credentials RELAYER = AnvilAccounts.get(1);
    static final Credentials MERCHANT = AnvilAccounts.get(3);
    /** Reads numbers as the API writes them, exact: a double would keep 17 of an unlimited allowance's digits. */
    static final JsonMapper JSON = JsonMapper.builder()
            .enable(DeserializationFeature.USE_BIG_DECIMAL_FOR_FLOATS)
            .build();

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

    /** anvil with the contracts, started once for the class (its context is the class's own). */
    private static synchronized AnvilNode chain() {
        if (node == null) {
            node = AnvilNode.start(AnvilOptions.defaults().withGenesisTimestamp(GENESIS));
            Runtime.getRuntime().addShutdownHook(new Thread(node::close));
            var deployer = new LocalChainDeployer(node);
            tx = deployer.transactions();
            deployment = deployer.deploy(AnvilAccounts.get(0), RELAYER.getAddress());
            deployer.mint(
                    AnvilAccounts.get(0),
                    deployment.tokenAddress(),
                    List.of(
                            AnvilAccounts.get(2).getAddress(),
                            AnvilAccounts.get(4).getAddress()),
                    BigInteger.valueOf(100_000_000L));
        }
        return node;
    }

    private static LocalChainDeployment deployment() {
        chain();
        return Objects.requireNonNull(deployment);
    }

    private static LocalChainTransactions tx() {
        chain();
        return Objects.requireNonNull(tx);
    }

    @Test
    void shouldReadTheAllowanceAndThePeriodsItCoversExactlyAndFollowTheChainAfterAChargeAndAnApprove() {
        var customer = AnvilAccounts.get(2);
        var merchant = newMerchant();
        var id = subscription(merchant.id(), Mode.TEST, customer.getAddress(), true);
        var ref = SubscriptionRef.of(id);
        approve(customer, new BigInteger("29970000"));
        tx().send(
                        customer,
                        deployment().vaultAddress(),
                        SubscriptionVaultAbi.subscribe(
                                ref, MERCHANT.getAddress(), deployment().tokenAddress(), PLAN, 1, FIRST_CHARGE));

        var subscribed = mandate(merchant.testKey(), id);

        assertThat(subscribed.get("object").stringValue()).isEqualTo("subscription_mandate");
        assertThat(subscribed.get("available").booleanValue()).isTrue();
        assertThat(subscribed.get("allowance").decimalValue()).isEqualByComparingTo("29.97");
        assertThat(subscribed.get("allowance").toString()).isEqualTo("29.97");
        assertThat(subscribed.get("amount").toString()).isEqualTo("9.99");
        assertThat(subscribed.get("periodsCovered").asLong()).isEqualTo(3);
        assertThat(subscribed.get("walletBalance").toString()).isEqualTo("100");
        assertThat(subscribed.get("chargesMade").asLong()).isZero();
        assertThat(subscribed.get("reference").stringValue()).isEqualTo(ref);
        assertThat(subscribed.get("vaultAddress").stringValue())
                .isEqualTo(deployment().vaultAddress());
        assertThat(subscribed.get("tokenAddress").stringValue())
                .isEqualTo(deployment().tokenAddress());
        assertThat(subscribed.get("network").get("chainId").asLong()).isEqualTo(chain().chainId());
        assertThat(subscribed.get("network").get("name").stringValue()).isEqualTo("Local");
        assertThat(subscribed.get("readAt").stringValue()).isNotBlank();
        assertThat(subscribed.has("reason")).isFalse();

        tx().send(
                        RELAYER,
                        deployment().vaultAddress(),
                        SubscriptionVaultAbi.charge(ref, PLAN, ChargeId.of("inv_" + UUID.randomUUID())));
        var charged = mandate(merchant.testKey(), id);

        assertThat(charged.get("allowance").toString()).isEqualTo("19.98");
        assertThat(charged.get("periodsCovered").asLong()).isEqualTo(2);
        assertThat(charged.get("walletBalance").toString()).isEqualTo("90.01");
        assertThat(charged.get("chargesMade").asLong()).isEqualTo(1);

        // 10.01 is just over one period: the floor, never a rounded 2.
        approve(customer, new BigInteger("10010001"));
        var reapproved = mandate(merchant.testKey(), id);

        assertThat(reapproved.get("allowance").toString()).isEqualTo("10.010001");
        assertThat(reapproved.get("periodsCovered").asLong()).isEqualTo(1);
        var owner = signedIn(merchant.id());
        var page = page("/dashboard/subscriptions/" + id, owner);
        assertThat(page)
                .contains("Allowance left")
                .contains("10.010001 USDC")
                .contains("Periods the allowance covers")
                .contains("<span class=\"status wait\" data-warn>1</span>")
                .contains("data-mandate-note=\"allowance_low\"")
                .contains("ALLOWANCE_TOO_LOW")
                .contains("Wallet balance")
                .contains("90.01 USDC")
                .contains("Charges made on chain");

        approve(customer, new BigInteger("99900000"));
        assertThat(page("/dashboard/subscriptions/" + id, owner))
                .as("ten periods: no warning")
                .contains("99.90 USDC")
                .doesNotContain("data-warn")
                .doesNotContain("data-mandate-note");

        approve(customer, Erc20Abi.UNLIMITED);
        var unlimited = mandate(merchant.testKey(), id);

        assertThat(new BigDecimal(unlimited.get("allowance").toString())
                        .movePointRight(6)
                        .toBigIntegerExact())
                .as("exact to the last of its 78 digits")
                .isEqualTo(Erc20Abi.UNLIMITED);
        assertThat(new BigInteger(unlimited.get("periodsCovered").toString()))
                .isEqualTo(Erc20Abi.UNLIMITED.divide(PLAN));
        assertThat(page("/dashboard/subscriptions/" + id, owner))
                .contains("Unlimited (the customer approved the largest amount the token allows)");
    }

    @Test
    void shouldReadTheAllowanceWithoutAChargeCountWhileTheVaultHoldsNoSuchReference() {
        var customer = AnvilAccounts.get(4);
        var merchant = newMerchant();
        var id = subscription(merchant.id(), Mode.TEST, customer.getAddress(), true);
        approve(customer, new BigInteger("9990000"));

        var approvedOnly = mandate(merchant.testKey(), id);

        assertThat(approvedOnly.get("available").booleanValue()).isTrue();
        assertThat(approvedOnly.get("allowance").toString()).isEqualTo("9.99");
        assertThat(approvedOnly.get("periodsCovered").asLong()).isEqualTo(1);
        assertThat(approvedOnly.get("chargesMade").isNull()).isTrue();
    }

    @Test
    void shouldSayNotOnChainWhileTheSubscriptionHasNoReference() {
        var merchant = newMerchant();
        var id = subscription(merchant.id(), Mode.TEST, AnvilAccounts.get(5).getAddress(), false);

        var pending = mandate(merchant.testKey(), id);

        assertThat(pending.get("available").booleanValue()).isFalse();
        assertThat(pending.get("reason").stringValue()).isEqualTo("not_on_chain");
        assertThat(pending.get("reference").isNull()).isTrue();
        assertThat(pending.get("allowance").isNull()).isTrue();
        assertThat(pending.get("vaultAddress").stringValue())
                .isEqualTo(deployment().vaultAddress());
        assertThat(page("/dashboard/subscriptions/" + id, signedIn(merchant.id())))
                .contains("data-mandate-note=\"not_on_chain\"")
                .contains("Not on chain yet");
    }

    @Test
    void shouldAnswerChainUnavailableWithinTheDeadlineWhenTheChainDoesNotAnswer() {
        var merchant = newMerchant();
        var id = subscription(merchant.id(), Mode.LIVE, AnvilAccounts.get(2).getAddress(), true);

        var started = System.nanoTime();
        var reply = mandate(merchant.liveKey(), id);
        var took = Duration.ofNanos(System.nanoTime() - started);

        assertThat(reply.get("available").booleanValue()).isFalse();
        assertThat(reply.get("reason").stringValue()).isEqualTo("chain_unavailable");
        assertThat(reply.get("mode").stringValue()).isEqualTo("live");
        assertThat(reply.get("walletAddress").stringValue())
                .isEqualTo(AnvilAccounts.get(2).getAddress());
        assertThat(took).isLessThan(ChainReads.DEADLINE.plusSeconds(1));
        // Protects against leaking the private RPC URL, which may carry a provider's key.
        assertThat(reply.toString()).doesNotContain("127.0.0.1");

        var owner = signedIn(merchant.id());
        var csrf = csrfOf(page("/dashboard/home", owner));
        http.post()
                .uri("/dashboard/mode")
                .cookie("abk_session", owner)
                .contentType(MediaType.APPLICATION_FORM_URLENCODED)
                .body(BodyInserters.fromFormData("csrf", csrf)
                        .with("mode", "live")
                        .with("back", "subscriptions"))
                .exchange()
                .expectStatus()
                .is3xxRedirection();
        var pageStarted = System.nanoTime();
        var livePage = page("/dashboard/subscriptions/" + id, owner);
        assertThat(Duration.ofNanos(System.nanoTime() - pageStarted))
                .as("the page renders the rest once the deadline passes")
                .isLessThan(ChainReads.DEADLINE.plusSeconds(2));
        assertThat(livePage)
                .contains("data-mandate-note=\"chain_unavailable\"")
                .contains("The chain is not answering")
                .contains("Customer wallet")
                .doesNotContain("Allowance left")
                .doesNotContain("127.0.0.1");
    }

    @Test
    void shouldTellTheCustomerInThePortalWhatToDoWhenTheNextRenewalIsNotFunded() {
        var customer = AnvilAccounts.get(6);
        var merchant = newMerchant();
        var id = subscription(merchant.id(), Mode.TEST, customer.getAddress(), true);
        var portal = portalSession(merchant.testKey(), customer.getAddress());
        approve(customer, new BigInteger("29970000"));

        assertThat(fundingNote(portal, id))
                .as("an empty wallet")
                .contains("data-funding=\"short-balance\"")
                .contains("Add 9.99 USDC to " + customer.getAddress() + " before ")
                .doesNotContain("data-funding-action");

        tx().send(
                        AnvilAccounts.get(0),
                        deployment().tokenAddress(),
                        Erc20Abi.mint(customer.getAddress(), BigInteger.valueOf(50_000_000L)));
        approve(customer, new BigInteger("9989999"));

        assertThat(fundingNote(portal, id))
                .as("an allowance a micro-USDC short")
                .contains("data-funding=\"short-allowance\"")
                .contains("Raise your allowance before ")
                .contains("href=\"/portal/subscriptions/" + id + "/raise-allowance\" data-funding-action");

        approve(customer, new BigInteger("19979999"));
        assertThat(fundingNote(portal, id))
                .as("one period and a bit")
                .contains("data-funding=\"low-allowance\"")
                .contains("but not the one after");

        approve(customer, new BigInteger("19980000"));
        assertThat(fundingNote(portal, id)).as("two periods: no note").isEmpty();
    }

    /** The session token of a portal link of {@code wallet}, opened. */
    private String portalSession(String key, String wallet) {
        var created = http.post()
                .uri("/v1/portal_sessions")
                .header("x-service-api-key", key)
                .contentType(MediaType.APPLICATION_JSON)
                .bodyValue(Map.of("customerWallet", wallet))
                .exchange()
                .expectStatus()
                .isCreated()
                .expectBody(String.class)
                .returnResult()
                .getResponseBody();
        var path = java.net
                .URI
                .create(JSON.readTree(created).path("url").asString())
                .getPath();
        var cookie = http.get()
                .uri(path)
                .exchange()
                .returnResult(String.class)
                .getResponseCookies()
                .getFirst("abk_portal");
        assertThat(cookie).isNotNull();
        return cookie.getValue();
    }

    /** The funding note of the subscription's row in the portal, or the empty text when the row has none. */
    private String fundingNote(String portal, String id) {
        var page = http.get()
                .uri("/portal")
                .cookie("abk_portal", portal)
                .exchange()
                .expectStatus()
                .isOk()
                .expectBody(String.class)
                .returnResult()
                .getResponseBody();
        assertThat(page).contains("data-id=\"" + id + "\"");
        var note = Pattern.compile("<p class=\"note funding[^>]*>.*?</p>", Pattern.DOTALL)
                .matcher(page);
        return note.find() ? note.group() : "";
    }

    @Test
    void shouldAnswer404ForAnotherMerchantsOrModesSubscription() {
        var merchant = newMerchant();
        var other = newMerchant();
        var id = subscription(merchant.id(), Mode.TEST, AnvilAccounts.get(2).getAddress(), true);

        assertThat(status(other.testKey(), id)).isEqualTo(404);
        assertThat(status(merchant.liveKey(), id)).isEqualTo(404);
        assertThat(status(merchant.testKey(), Ids.newId(IdPrefix.SUBSCRIPTION, Instant.now())))
                .isEqualTo(404);
        assertThat(status(merchant.testKey(), id)).isEqualTo(200);
    }

    private static void approve(Credentials customer, BigInteger amount) {
        tx().send(
                        customer,
                        deployment().tokenAddress(),
                        Erc20Abi.approve(deployment().vaultAddress(), amount));
    }

    private JsonNode mandate(String key, String id) {
        var text = http.get()
                .uri("/v1/subscriptions/{id}/mandate", id)
                .header("x-service-api-key", key)
                .exchange()
                .expectStatus()
                .isOk()
                .expectBody(String.class)
                .returnResult()
                .getResponseBody();
        return JSON.readTree(text);
    }

    private int status(String key, String id) {
        return http.get()
                .uri("/v1/subscriptions/{id}/mandate", id)
                .header("x-service-api-key", key)
                .exchange()
                .returnResult(String.class)
                .getStatus()
                .value();
    }

    /** The team's owner, signed in: their session token. */
    private String signedIn(String merchantId) {
        var email = "owner-" + UUID.randomUUID() + "@example.com";
        var password = "correct horse battery";
        admin(http.post()
                        .uri("/admin/v1/merchants/{id}/users", merchantId)
                        .bodyValue(Map.of("email", email, "password", password)))
                .exchange()
                .expectStatus()
                .isCreated();
        var cookie = http.post()
                .uri("/dashboard/login")
                .contentType(MediaType.APPLICATION_FORM_URLENCODED)
                .body(BodyInserters.fromFormData("email", email).with("password", password))
                .exchange()
                .returnResult(String.class)
                .getResponseCookies()
                .getFirst("abk_session");
        assertThat(cookie).isNotNull();
        return cookie.getValue();
    }

    private static String csrfOf(String page) {
        var matcher = Pattern.compile("<meta name=\"csrf-token\" content=\"([^\"]+)\">")
                .matcher(page);
        assertThat(matcher.find()).as(page).isTrue();
        return matcher.group(1);
    }

    private String page(String path, String token) {
        return http.get()
                .uri(path)
                .cookie("abk_session", token)
                .exchange()
                .expectStatus()
                .isOk()
                .expectBody(String.class)
                .returnResult()
                .getResponseBody();
    }

    /**
     * A 9.99 USDC monthly subscription of {@code wallet} in the read model, active with its vault reference when
     * {@code onChain}, else awaiting its mandate.
     */
    private static String subscription(String merchantId, Mode mode, String wallet, boolean onChain) {
        var id = Ids.newId(IdPrefix.SUBSCRIPTION, Instant.now());
        var status = onChain ? "active" : "incomplete";
        SubscriptionSnapshot snapshot = SubscriptionSnapshot.newBuilder(
                        ChangeFixtures.subscription(id, merchantId, mode, 1, status))
                .setWalletAddress(wallet)
                .setMandateStatus(onChain ? "active" : "pending")
                .setOnChainSubscriptionId(onChain ? SubscriptionRef.of(id) : null)
                .build();
        database()
                .execute(
                        "INSERT INTO subscriptions (id, merchant_id, mode, status, version, created_at, body) VALUES (?, ?, ?, ?, 1, ?, ?::json)",
                        id,
                        merchantId,
                        mode == Mode.LIVE ? "live" : "test",
                        status,
                        Timestamp.from(snapshot.getCreatedAt()),
                        SnapshotJson.subscription(snapshot));
        return id;
    }
}
