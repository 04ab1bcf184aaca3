package io.abk.billing.systemtests.stack;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.abk.billing.chain.ChainIndexerApp;
import io.abk.billing.chain.ChainIndexerSettings;
import io.abk.billing.chain.autosettle.AutoSettlementSettings;
import io.abk.billing.chain.config.ChainSettings;
import io.abk.billing.contracts.ContractArtifacts;
import io.abk.billing.contracts.Erc20Abi;
import io.abk.billing.kafkatestkit.TestBroker;
import io.abk.billing.localchain.AnvilAccounts;
import io.abk.billing.localchain.AnvilNode;
import io.abk.billing.localchain.LocalChainDeployer;
import io.abk.billing.localstack.services.UsdtVerifierService;
import io.abk.billing.opskit.kafka.KafkaClientSecurity;
import io.abk.billing.schemas.avro.ChainTransfer;
import io.abk.billing.schemas.avro.Change;
import io.abk.billing.schemas.avro.Outcome;
import io.abk.billing.schemas.avro.PaymentCommand;
import io.abk.billing.schemas.avro.PaymentSnapshot;
import io.abk.billing.schemas.avro.TokenTransfer;
import io.abk.billing.schemas.avro.UsdtEvent;
import io.abk.billing.schemas.avro.WatchedAddress;
import io.abk.billing.schemas.mode.Mode;
import io.abk.billing.schemas.topic.Deployment;
import io.abk.billing.schemas.topic.Topic;
import io.abk.billing.schemas.topic.Topics;
import io.abk.billing.streamskit.lifecycle.StreamsApp;
import io.abk.billing.usdt.UsdtVerifierApplication;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.HexFormat;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.web3j.crypto.Credentials;

/**
 * The companion's USDT confirmed by chain-indexer, across the real services through Kafka only: the real
 * chain-indexer ({@link ChainIndexerApp}, its follower following USDT beside USDC, and its auto-settlement) and the
 * real usdt-verifier ({@link UsdtVerifierApplication} on the chain, not the sandbox) on one broker and one anvil
 * holding the test USDC, the vault and a second 6-decimal token standing for USDT. An intent's address is watched,
 * its USDT transfer reaches chain.transfers and confirms it without a poll, once; a USDT transfer to a USDC payout
 * address settles nothing. The test stands in for billing-streams where a USDC payment is needed (its open snapshot
 * on billing.changes and its payout address on chain.watched-addresses), as chain-indexer's own tests do. It runs
 * beside the classes on the shared stacks: its verifier's web server runs on event loops of its own, so closing it
 * leaves theirs serving.
 */
class UsdtAutoConfirmIT {

    private static final String KEY = "usdt_system_key_0123456789abcdef";
    /** Blocks on top of a transfer's, its own included, before the follower publishes it and the verifier accepts it. */
    private static final int DEPTH = 2;
    /** Kafka round trips and a follower step (100 ms) take well under a second; this is for a loaded 2-core machine. */
    private static final Duration SETTLES = Duration.ofSeconds(45);
    /** How long a count must stay put to count as final: many commit intervals (30 ms) and follower steps. */
    private static final Duration STAYS = Duration.ofSeconds(2);

    private static final Credentials PAYER = AnvilAccounts.get(2);
    private static final BigInteger FUNDS = BigInteger.valueOf(1_000_000_000_000L);

    @TempDir
    static Path dir;

    private static TestBroker broker;
    private static AnvilNode node;
    private static String usdc;
    private static String usdt;
    private static StreamsApp indexer;
    private static UsdtVerifierApplication.Running verifier;
    private static TopicLog topics;

    @BeforeAll
    static void start() throws Exception {
        broker = TestBroker.start(dir.resolve("kafka"));
        broker.createTopics(Topics.all().stream()
                .map(topic -> new NewTopic(topic.name(Deployment.DEFAULT), 3, (short) 1).configs(topic.configs()))
                .toList());
        topics = new TopicLog(broker.bootstrapServers());
        node = AnvilNode.start();
        var deployer = new LocalChainDeployer(node);
        var deployment =
                deployer.deploy(AnvilAccounts.get(0), AnvilAccounts.get(1).getAddress());
        usdc = deployment.tokenAddress().toLowerCase(Locale.ROOT);
        usdt = node.transactions()
                .deploy(AnvilAccounts.get(0), ContractArtifacts.testUsdcCreationCode())
                .toLowerCase(Locale.ROOT);
        deployer.mint(AnvilAccounts.get(0), usdc, List.of(PAYER.getAddress()), FUNDS);
        deployer.mint(AnvilAccounts.get(0), usdt, List.of(PAYER.getAddress()), FUNDS);

        var testChain = new ChainSettings(
                Mode.TEST,
                "Anvil",
                node.chainId(),
                List.of(node.rpcUrl()),
                DEPTH,
                usdc,
                6,
                deployment.vaultAddress(),
                null,
                ChainSettings.TEST_FEE_CAPS,
                node.blockNumber(),
                Duration.ofMillis(100),
                Duration.ofSeconds(30),
                false,
                usdt,
                6);
        indexer = ChainIndexerApp.start(new ChainIndexerSettings(
                broker.bootstrapServers(),
                "chain-indexer",
                dir.resolve("chain-indexer"),
                ChainIndexerSettings.DEFAULT_COMMIT_INTERVAL,
                testChain,
                ChainSettings.unconfigured(Mode.LIVE),
                ChainIndexerSettings.DEFAULT_LEASE_SESSION_TIMEOUT,
                AutoSettlementSettings.DEFAULT_PENDING_VAULT_EVENT_RETENTION,
                KafkaClientSecurity.PLAINTEXT,
                Deployment.DEFAULT));
        verifier = UsdtVerifierApplication.start(Map.of(
                "BILLING_KAFKA_BOOTSTRAP_SERVERS", broker.bootstrapServers(),
                "BILLING_USDT_HTTP_PORT", "0",
                "BILLING_USDT_KEYS", KEY,
                "BILLING_USDT_STATE_DIR", dir.resolve("usdt-verifier").toString(),
                "BILLING_USDT_RPC_URLS", node.rpcUrl(),
                "BILLING_USDT_CHAIN_ID", Long.toString(node.chainId()),
                "BILLING_USDT_TOKEN_ADDRESS", usdt,
                "BILLING_USDT_CONFIRMATIONS", Integer.toString(DEPTH),
                "spring.lifecycle.timeout-per-shutdown-phase", "10s",
                "spring.autoconfigure.exclude", String.join(",", UsdtVerifierService.NOT_HERE)));
        await("the verifier's streams and outcome feed")
                .atMost(SETTLES)
                .until(() -> new Call(verifierUrl(), "GET", "/actuator/health")
                                .toOtherService()
                                .send()
                                .status()
                        == 200);
        await("chain-indexer's streams")
                .atMost(SETTLES)
                .until(() -> indexer.readiness().up());
    }

    @AfterAll
    static void stop() {
        if (verifier != null) {
            verifier.close();
        }
        if (indexer != null) {
            indexer.close();
        }
        if (node != null) {
            node.close();
        }
        if (broker != null) {
            broker.close();
        }
    }

    @Test
    void shouldConfirmTheIntentOnceWithoutAPollWhenTheIndexerPublishesItsUsdtTransfer() {
        // Given an open intent: its address is watched for this chain and token
        var payTo = randomAddress();
        var intent = createIntent("12.5", payTo);
        awaitWatched(payTo);

        // When USDT paying it is mined and buried DEPTH deep, and nobody polls
        var tx = transfer(usdt, payTo, 12_500_000);
        node.mine(DEPTH);

        // Then the follower publishes it as a USDT transfer beside the USDC ones
        var published = await("USDT transfer " + tx + " on chain.transfers")
                .atMost(SETTLES)
                .until(
                        () -> topics.values(
                                Topics.CHAIN_TRANSFERS, t -> t.getTxHash().equalsIgnoreCase(tx)),
                        found -> !found.isEmpty());
        assertThat(published).singleElement().satisfies(transfer -> {
            assertThat(transfer.getContract()).isEqualTo(usdt);
            assertThat(transfer.getRetracted()).isFalse();
            assertThat(transfer.getPayload()).isInstanceOfSatisfying(TokenTransfer.class, token -> {
                assertThat(token.getSymbol()).isEqualTo("USDT");
                assertThat(token.getTo()).isEqualTo(payTo);
                assertThat(token.getAmountBaseUnits()).isEqualTo("12500000");
            });
        });
        // and the intent is confirmed by it, with one payment.confirmed
        var event = topics.awaitValues(Topics.USDT_EVENTS, e -> e.getIntentId().equals(intent), 1)
                .getFirst();
        assertThat(event.getType()).isEqualTo("payment.confirmed");
        assertThat(event.getTest()).isFalse();
        assertThat(event.getIntent().getStatus()).isEqualTo("confirmed");
        assertThat(event.getTransaction().getTxHash()).isEqualToIgnoringCase(tx);
        assertThat(event.getTransaction().getReceivedUsdt()).isEqualTo("12.5");
        assertThat(event.getTransaction().getChainId()).isEqualTo(node.chainId());

        // And a poll that sees the same transfer afterwards confirms nothing more; a confirm answers the first result
        var poll = post("/v1/payments/poll", Map.of("payToAddress", payTo, "lookbackBlocks", 20))
                .expect(200)
                .json();
        assertThat(poll.path("transactions").asInt()).isEqualTo(1);
        assertThat(poll.path("confirmed").isEmpty()).isTrue();
        var confirm = post("/v1/payments/confirm", Map.of("intentId", intent, "txHash", tx))
                .expect(200)
                .json();
        assertThat(confirm.at("/event/id").asString()).isEqualTo(event.getEventId());
        await().during(STAYS).atMost(SETTLES).until(() -> eventsOf(intent).size() == 1);
        // and its last open intent gone, the address is no longer watched
        await("tombstone of " + payTo).atMost(SETTLES).until(() -> watchedNow(payTo) == null);
    }

    @Test
    void shouldConfirmOnceWhenAPollRacesTheIndexerForTheSameTransfer() {
        var payTo = randomAddress();
        var intent = createIntent("3", payTo);
        awaitWatched(payTo);
        var tx = transfer(usdt, payTo, 3_000_000);

        // When the block is deep enough for both, and a poll is sent at once, racing the follower
        node.mine(DEPTH);
        var poll = post("/v1/payments/poll", Map.of("payToAddress", payTo, "lookbackBlocks", 20))
                .expect(200)
                .json();

        // Then whichever came first, the intent is confirmed once, with one event; a poll that lists it names it
        await().during(STAYS).atMost(SETTLES).until(() -> eventsOf(intent).size() == 1);
        var event = eventsOf(intent).getFirst();
        assertThat(event.getTransaction().getTxHash()).isEqualToIgnoringCase(tx);
        assertThat(poll.path("confirmed")
                        .valueStream()
                        .map(c -> c.at("/event/id").asString())
                        .toList())
                .isSubsetOf(event.getEventId());
        await("USDT transfer " + tx + " on chain.transfers")
                .atMost(SETTLES)
                .until(() ->
                        topics.values(Topics.CHAIN_TRANSFERS, t -> t.getTxHash().equalsIgnoreCase(tx))
                                        .size()
                                == 1);
    }

    @Test
    void shouldSettleNoUsdcPaymentWithUsdtSentToItsPayoutAddress() throws Exception {
        // Given two open USDC payments of 10, each to its own payout address, the second also a USDT pay-to address
        var plainPayout = randomAddress();
        var sharedPayout = randomAddress();
        var plainPayment = "pay_" + UUID.randomUUID().toString().replace("-", "");
        var sharedPayment = "pay_" + UUID.randomUUID().toString().replace("-", "");
        openUsdcPayment(plainPayment, plainPayout, 10_000_000);
        openUsdcPayment(sharedPayment, sharedPayout, 10_000_000);
        var intent = createIntent("10", sharedPayout);
        awaitWatched(sharedPayout);

        // When 10 USDT goes to each
        var toPlain = transfer(usdt, plainPayout, 10_000_000);
        var toShared = transfer(usdt, sharedPayout, 10_000_000);
        node.mine(DEPTH);

        // Then only the one to the pay-to address is published, as USDT, and it confirms the intent
        topics.awaitValues(Topics.USDT_EVENTS, e -> e.getIntentId().equals(intent), 1);
        assertThat(topics.values(Topics.CHAIN_TRANSFERS, t -> t.getTxHash().equalsIgnoreCase(toShared)))
                .singleElement()
                .extracting(ChainTransfer::getContract)
                .isEqualTo(usdt);
        assertThat(topics.values(Topics.CHAIN_TRANSFERS, t -> t.getTxHash().equalsIgnoreCase(toPlain)))
                .isEmpty();

        // And neither payment is settled by USDT: 10 USDC to the plain payout address settles its payment, alone
        var usdcTx = transfer(usdc, plainPayout, 10_000_000);
        node.mine(DEPTH);
        await("auto-settlement of " + plainPayment)
                .atMost(SETTLES)
                .until(() -> !commandsOf(plainPayment).isEmpty());
        await().during(STAYS)
                .atMost(SETTLES)
                .until(() -> commandsOf(plainPayment).size() == 1
                        && commandsOf(sharedPayment).isEmpty());
        assertThat(commandsOf(plainPayment).getFirst().getPayload().toString()).containsIgnoringCase(usdcTx);
    }

    private static String createIntent(String amount, String payTo) {
        return post(
                        "/v1/intents",
                        Map.of(
                                "merchantRef",
                                "order-" + UUID.randomUUID(),
                                "amountUsdt",
                                new BigDecimal(amount),
                                "payToAddress",
                                payTo,
                                "matchStrategy",
                                "exact"))
                .expect(201)
                .json()
                .at("/intent/id")
                .asString();
    }

    private static Reply post(String path, Object body) {
        return new Call(verifierUrl(), "POST", path)
                .toOtherService()
                .key(KEY)
                .json(body)
                .send();
    }

    private static String verifierUrl() {
        return "http://127.0.0.1:" + verifier.port();
    }

    /** Waits until the verifier asks the indexer to watch {@code payTo} on this chain and token. */
    private static void awaitWatched(String payTo) {
        await("watch of " + payTo).atMost(SETTLES).until(() -> {
            var watch = watchedNow(payTo);
            return watch != null
                    && watch.getChainId() == node.chainId()
                    && watch.getTokenAddress().equals(usdt);
        });
    }

    /** The latest value on usdt.watched-addresses for {@code address}: null when never watched or tombstoned. */
    private static io.abk.billing.schemas.avro.UsdtWatchedAddress watchedNow(String address) {
        var records = topics.records(Topics.USDT_WATCHED_ADDRESSES).stream()
                .filter(record -> record.key().equals(address))
                .toList();
        return records.isEmpty() ? null : records.getLast().value();
    }

    private static List<UsdtEvent> eventsOf(String intent) {
        return topics.values(Topics.USDT_EVENTS, e -> e.getIntentId().equals(intent));
    }

    private static List<PaymentCommand> commandsOf(String paymentId) {
        return topics.values(Topics.PAYMENT_COMMANDS, c -> c.getPaymentId().equals(paymentId));
    }

    private static String transfer(String token, String to, long baseUnits) {
        var receipt = node.transactions().send(PAYER, token, Erc20Abi.transfer(to, BigInteger.valueOf(baseUnits)));
        assertThat(receipt.isStatusOK()).as("transfer to %s", to).isTrue();
        return receipt.getTransactionHash();
    }

    /** What billing-streams writes for a new payment: its payout address watched, and its open snapshot. */
    private static void openUsdcPayment(String paymentId, String payout, long micros) throws Exception {
        var now = Instant.now();
        send(
                Topics.CHAIN_WATCHED_ADDRESSES,
                "test:" + payout,
                WatchedAddress.newBuilder()
                        .setMode(io.abk.billing.schemas.avro.Mode.TEST)
                        .setAddress(payout)
                        .setSince(now)
                        .build());
        var payment = PaymentSnapshot.newBuilder()
                .setId(paymentId)
                .setMerchantId("mch_usdt_system")
                .setMode(io.abk.billing.schemas.avro.Mode.TEST)
                .setVersion(1)
                .setStatus("open")
                .setAmountMicros(micros)
                .setCustomerWallet(null)
                .setPayoutAddress(payout)
                .setMerchantRef("order-" + paymentId)
                .setCheckoutUrl("http://localhost/checkout/pay/" + paymentId)
                .setExpiresAt(now.plus(Duration.ofDays(1)))
                .setCreatedAt(now.minusSeconds(60))
                .build();
        send(
                Topics.CHANGES,
                paymentId,
                Change.newBuilder()
                        .setCommandId("cmd_" + paymentId)
                        .setAggregateType("payment")
                        .setAggregateId(paymentId)
                        .setMerchantId("mch_usdt_system")
                        .setMode(io.abk.billing.schemas.avro.Mode.TEST)
                        .setRequestedAt(now)
                        .setOutcome(Outcome.ACCEPTED)
                        .setRejection(null)
                        .setSnapshots(List.of(payment))
                        .setEventIds(List.of())
                        .setFollowUpCommandId(null)
                        .build());
    }

    private static <V> void send(Topic<String, V> topic, String key, V value) throws Exception {
        try (var producer = new KafkaProducer<>(
                Map.<String, Object>of(
                        ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, broker.bootstrapServers(),
                        ProducerConfig.DELIVERY_TIMEOUT_MS_CONFIG, 20_000,
                        ProducerConfig.REQUEST_TIMEOUT_MS_CONFIG, 10_000),
                topic.keySerde().serializer(),
                topic.valueSerde().serializer())) {
            producer.send(new ProducerRecord<>(topic.name(Deployment.DEFAULT), key, value))
                    .get(30, TimeUnit.SECONDS);
        }
    }

    private static String randomAddress() {
        var bytes = new byte[20];
        ThreadLocalRandom.current().nextBytes(bytes);
        return "0x" + HexFormat.of().formatHex(bytes);
    }
}
