package io.abk.billing.chain.lease;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.abk.billing.chain.ChainIndexerApp;
import io.abk.billing.chain.ChainIndexerConfig;
import io.abk.billing.chain.relay.Relayer;
import io.abk.billing.contracts.Erc20Abi;
import io.abk.billing.contracts.SubscriptionRef;
import io.abk.billing.contracts.SubscriptionVaultAbi;
import io.abk.billing.kafkatestkit.ReadCommitted;
import io.abk.billing.kafkatestkit.TestBroker;
import io.abk.billing.localchain.AnvilAccounts;
import io.abk.billing.localchain.AnvilNode;
import io.abk.billing.localchain.LocalChainDeployer;
import io.abk.billing.localchain.LocalChainDeployment;
import io.abk.billing.localchain.LocalChainTransactions;
import io.abk.billing.schemas.avro.ChainRequest;
import io.abk.billing.schemas.avro.ChainResult;
import io.abk.billing.schemas.avro.ChainTransfer;
import io.abk.billing.schemas.avro.ChargeRequest;
import io.abk.billing.schemas.avro.Executed;
import io.abk.billing.schemas.avro.TokenTransfer;
import io.abk.billing.schemas.avro.VaultCharged;
import io.abk.billing.schemas.avro.VaultSubscribed;
import io.abk.billing.schemas.avro.WatchedAddress;
import io.abk.billing.schemas.topic.Topic;
import io.abk.billing.schemas.topic.Topics;
import java.io.File;
import java.io.IOException;
import java.math.BigInteger;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.web3j.crypto.Credentials;
import org.web3j.utils.Numeric;

/**
 * The real relayer and follower under their lease, on a real anvil and a real broker: chain-indexer runs whole in a
 * child JVM (from its {@code main}), a second replica's leases run in this JVM, and the child, holder of the chain's
 * lease, is killed (SIGKILL: it never leaves the group). The protection against two relayers sharing a key and a
 * fenced follower never coming back: the second replica runs neither until the child is gone, then both, and
 * downstream (read_committed) sees every log once and every invoice charged once.
 */
class ChainLeaseTakeoverIT {

    private static final Duration PATIENCE = Duration.ofSeconds(90);
    /** The broker's minimum: the child's chain moves 6 s after the kill. */
    private static final Duration SESSION = Duration.ofSeconds(6);

    private static final String APPLICATION_ID = ChainIndexerConfig.DEFAULT_APPLICATION_ID;
    private static final int PARTITIONS = 2;
    private static final BigInteger FUNDS = BigInteger.valueOf(1_000_000_000L);
    private static final long TEN_USDC = 10_000_000L;
    private static final Credentials RELAYER = AnvilAccounts.get(1);
    private static final Credentials CUSTOMER = AnvilAccounts.get(2);
    private static final Credentials MERCHANT = AnvilAccounts.get(3);
    private static final String PAYEE = AnvilAccounts.get(4).getAddress().toLowerCase(Locale.ROOT);

    @TempDir
    Path dir;

    @Test
    void shouldMoveTheRelayerAndFollowerOnlyOnceTheirKilledReplicaIsGoneAndPublishNothingTwice() throws Exception {
        try (var broker = TestBroker.start(dir.resolve("kafka"));
                var node = AnvilNode.start()) {
            createTopics(broker);
            var deployer = new LocalChainDeployer(node);
            var tx = deployer.transactions();
            var deployment = deployer.deploy(AnvilAccounts.get(0), RELAYER.getAddress());
            deployer.mint(AnvilAccounts.get(0), deployment.tokenAddress(), List.of(CUSTOMER.getAddress()), FUNDS);
            deployer.approveVault(deployment, List.of(CUSTOMER), Erc20Abi.UNLIMITED);
            watch(broker, PAYEE);
            var chain = new OnChain(node, tx, deployment);
            try (var transfers = new Committed<>(broker, Topics.CHAIN_TRANSFERS);
                    var results = new Committed<>(broker, Topics.CHAIN_RESULTS);
                    var requests = requests(broker)) {
                // Given chain-indexer in a child JVM, alone: it holds the chain's lease and runs both workers
                var child = child(env(broker, node, deployment, "child"));
                try {
                    var first = chain.pay(1_000_000);
                    await().atMost(PATIENCE).until(() -> hashes(transfers).contains(first));
                    var subscription = chain.subscribe();
                    var charge = charge(subscription);
                    send(requests, charge);
                    var charged = executed(resultOf(results, charge.getRequestId()));

                    // And a second replica here, which gets no lease: the child keeps the only lease partition
                    var config = ChainIndexerConfig.fromEnv(env(broker, node, deployment, "second"));
                    try (var second = ChainLeases.start(config).orElseThrow();
                            var admin = broker.admin()) {
                        await().atMost(PATIENCE).until(() -> members(admin, LeaseGroup.groupId(APPLICATION_ID)) == 2);
                        await().during(Duration.ofSeconds(1))
                                .atMost(PATIENCE)
                                .until(() -> second.activeChains().isEmpty());
                        assertThat(members(admin, Relayer.groupId(APPLICATION_ID, config.testChain())))
                                .isEqualTo(1);
                        var whileBoth = chain.pay(2_000_000);
                        await().atMost(PATIENCE).until(() -> hashes(transfers).contains(whileBoth));

                        // When the child is killed, a transfer in the making for its follower
                        var duringKill = chain.pay(3_000_000);
                        long killed = System.nanoTime();
                        child.destroyForcibly();
                        assertThat(child.waitFor(30, TimeUnit.SECONDS)).isTrue();

                        // Then the second replica runs the chain once the child's session has expired
                        await().atMost(PATIENCE)
                                .pollInterval(Duration.ofMillis(20))
                                .until(() -> second.activeChains().equals(Set.of(node.chainId())));
                        var takeover = Duration.ofNanos(System.nanoTime() - killed);
                        System.out.printf(
                                "leases: relayer and follower moved %d ms after the kill (session %d ms)%n",
                                takeover.toMillis(), SESSION.toMillis());
                        assertThat(takeover).isBetween(SESSION.dividedBy(2), SESSION.multipliedBy(3));

                        // Its follower goes on from the child's checkpoint, and its relayer charges a new invoice
                        // and answers the child's again with the child's transaction
                        var after = chain.pay(4_000_000);
                        var another = charge(chain.subscribe());
                        send(requests, another);
                        var chargedAfter = executed(resultOf(results, another.getRequestId()));
                        System.out.printf(
                                "leases: the new relayer answered its first charge %d ms after the kill%n",
                                Duration.ofNanos(System.nanoTime() - killed).toMillis());
                        send(requests, charge);
                        assertThat(executed(resultOf(results, charge.getRequestId(), 2)))
                                .isEqualTo(charged);
                        assertThat(chargedAfter).isNotEqualTo(charged);

                        // And downstream sees each log once: 4 payments, 2 subscriptions and 2 charges
                        node.mine(1);
                        await().atMost(PATIENCE).until(() -> transfers.read().size() >= 8);
                        await().during(Duration.ofSeconds(1))
                                .atMost(PATIENCE)
                                .until(() -> transfers.read().size() == 8);
                        var published = transfers.read();
                        assertThat(published).extracting(ConsumerRecord::key).doesNotHaveDuplicates();
                        assertThat(published)
                                .extracting(
                                        record -> record.value().getPayload().getClass())
                                .filteredOn(TokenTransfer.class::equals)
                                .hasSize(4);
                        assertThat(published)
                                .extracting(
                                        record -> record.value().getPayload().getClass())
                                .filteredOn(type -> type == VaultSubscribed.class || type == VaultCharged.class)
                                .hasSize(4);
                        assertThat(hashes(transfers))
                                .contains(first, whileBoth, duringKill, after, charged, chargedAfter);
                    }
                } finally {
                    child.destroyForcibly();
                }
            }
        }
    }

    /** The settings both replicas read, as a deployment's environment; the anvil chain is test mode's. */
    private Map<String, String> env(
            TestBroker broker, AnvilNode node, LocalChainDeployment deployment, String replica) {
        var env = new HashMap<String, String>();
        env.put("BILLING_KAFKA_BOOTSTRAP_SERVERS", broker.bootstrapServers());
        env.put("BILLING_CHAIN_INDEXER_STATE_DIR", dir.resolve(replica).toString());
        env.put("BILLING_CHAIN_INDEXER_LEASE_SESSION_TIMEOUT_MS", Long.toString(SESSION.toMillis()));
        env.put("BILLING_CHAINS_TEST_NAME", "anvil");
        env.put("BILLING_CHAINS_TEST_CHAIN_ID", Long.toString(node.chainId()));
        env.put("BILLING_CHAINS_TEST_RPC_URL", node.rpcUrl());
        env.put("BILLING_CHAINS_TEST_USDC_ADDRESS", deployment.tokenAddress());
        env.put("BILLING_CHAINS_TEST_VAULT_ADDRESS", deployment.vaultAddress());
        env.put(
                "BILLING_CHAINS_TEST_RELAYER_KEY",
                Numeric.toHexStringNoPrefixZeroPadded(RELAYER.getEcKeyPair().getPrivateKey(), 64));
        // anvil never reorganises by itself: one block on top is deep enough here.
        env.put("BILLING_CHAINS_TEST_CONFIRMATIONS", "1");
        env.put("BILLING_CHAINS_TEST_START_BLOCK", "0");
        env.put("BILLING_CHAINS_TEST_POLL_INTERVAL_MS", "100");
        env.put("BILLING_CHAINS_TEST_RECEIPT_TIMEOUT_MS", "5000");
        return env;
    }

    private static Process child(Map<String, String> env) throws IOException {
        var command = new ArrayList<String>();
        command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        if (Runtime.version().feature() >= 24) {
            command.add("--sun-misc-unsafe-memory-access=allow");
        }
        command.add("-Xmx512m");
        command.add("-cp");
        command.add(System.getProperty("java.class.path"));
        command.add(ChainIndexerApp.class.getName());
        var builder = new ProcessBuilder(command)
                .redirectErrorStream(true)
                .redirectOutput(new File("target/chain-lease-takeover-it-child.log"));
        builder.environment().putAll(env);
        return builder.start();
    }

    private static void createTopics(TestBroker broker) throws Exception {
        // One lease partition: the replica that joins second finds it owned and, the assignment being sticky,
        // leaves it with the child, so the test knows which replica to kill.
        broker.createTopics(Topics.all().stream()
                .map(topic -> new NewTopic(
                                topic.name(), topic == Topics.CHAIN_INDEXER_CHECKPOINTS ? 1 : PARTITIONS, (short) 1)
                        .configs(topic.configs()))
                .toList());
    }

    private static int members(org.apache.kafka.clients.admin.Admin admin, String groupId) throws Exception {
        return admin.describeConsumerGroups(List.of(groupId))
                .describedGroups()
                .get(groupId)
                .get(10, TimeUnit.SECONDS)
                .members()
                .size();
    }

    /** The tx hashes on chain.transfers so far. */
    private static Set<String> hashes(Committed<ChainTransfer> transfers) {
        var hashes = new java.util.HashSet<String>();
        transfers.read().forEach(record -> hashes.add(record.value().getTxHash()));
        return hashes;
    }

    private static ChainResult resultOf(Committed<ChainResult> results, String requestId) {
        return resultOf(results, requestId, 1);
    }

    /** The {@code nth} result of {@code requestId}, awaited. */
    private static ChainResult resultOf(Committed<ChainResult> results, String requestId, int nth) {
        await().atMost(PATIENCE)
                .until(() -> results.read().stream()
                                .filter(r ->
                                        r.value().getRequest().getRequestId().equals(requestId))
                                .count()
                        >= nth);
        return results.read().stream()
                .filter(r -> r.value().getRequest().getRequestId().equals(requestId))
                .skip(nth - 1)
                .findFirst()
                .orElseThrow()
                .value();
    }

    private static String executed(ChainResult result) {
        assertThat(result.getOutcome()).isInstanceOf(Executed.class);
        return ((Executed) result.getOutcome()).getTxHash();
    }

    /** A charge of the invoice's first attempt, as billing-streams writes it. */
    private static ChainRequest charge(String subscriptionId) {
        var invoiceId = "inv_" + UUID.randomUUID();
        var requestId = invoiceId + ":1";
        return ChainRequest.newBuilder()
                .setRequestId(requestId)
                .setResultCommandId("cmd_" + requestId)
                .setSubscriptionId(subscriptionId)
                .setInvoiceId(invoiceId)
                .setPaymentId(null)
                .setMerchantId("mer_lease_it")
                .setMode(io.abk.billing.schemas.avro.Mode.TEST)
                .setRequestedAt(Instant.now().truncatedTo(ChronoUnit.MILLIS))
                .setAmountMicros(TEN_USDC)
                .setWalletAddress(CUSTOMER.getAddress())
                .setPayoutAddress(MERCHANT.getAddress())
                .setOnChainSubscriptionId(null)
                .setPayload(new ChargeRequest(null, null))
                .build();
    }

    private static KafkaProducer<String, ChainRequest> requests(TestBroker broker) {
        return new KafkaProducer<>(
                Map.of(
                        ProducerConfig.BOOTSTRAP_SERVERS_CONFIG,
                        broker.bootstrapServers(),
                        ProducerConfig.DELIVERY_TIMEOUT_MS_CONFIG,
                        20_000,
                        ProducerConfig.REQUEST_TIMEOUT_MS_CONFIG,
                        10_000,
                        ProducerConfig.LINGER_MS_CONFIG,
                        0),
                Topics.CHAIN_REQUESTS.keySerde().serializer(),
                Topics.CHAIN_REQUESTS.valueSerde().serializer());
    }

    /** Keyed by invoice, as billing-streams keys charges. */
    private static void send(KafkaProducer<String, ChainRequest> requests, ChainRequest request) throws Exception {
        requests.send(new ProducerRecord<>(Topics.CHAIN_REQUESTS.name(), request.getInvoiceId(), request))
                .get(30, TimeUnit.SECONDS);
    }

    private static void watch(TestBroker broker, String address) throws Exception {
        var topic = Topics.CHAIN_WATCHED_ADDRESSES;
        try (var producer = new KafkaProducer<>(
                Map.<String, Object>of(
                        ProducerConfig.BOOTSTRAP_SERVERS_CONFIG,
                        broker.bootstrapServers(),
                        ProducerConfig.DELIVERY_TIMEOUT_MS_CONFIG,
                        20_000,
                        ProducerConfig.REQUEST_TIMEOUT_MS_CONFIG,
                        10_000),
                topic.keySerde().serializer(),
                topic.valueSerde().serializer())) {
            var value = WatchedAddress.newBuilder()
                    .setMode(io.abk.billing.schemas.avro.Mode.TEST)
                    .setAddress(address)
                    .setSince(Instant.parse("2026-01-01T00:00:00Z"))
                    .build();
            producer.send(new ProducerRecord<>(topic.name(), "test:" + address, value))
                    .get(30, TimeUnit.SECONDS);
        }
    }

    /** The customer's calls: payments to the watched payee and subscriptions in the vault. */
    private record OnChain(AnvilNode node, LocalChainTransactions tx, LocalChainDeployment deployment) {

        /** A USDC transfer to the watched payee, and a block on top so it is deep enough; its tx hash. */
        String pay(long micros) {
            var hash = tx.send(
                            CUSTOMER, deployment.tokenAddress(), Erc20Abi.transfer(PAYEE, BigInteger.valueOf(micros)))
                    .getTransactionHash();
            node.mine(1);
            return hash;
        }

        /** A monthly subscription of ten USDC, its first period begun by the chain's clock; its id. */
        String subscribe() {
            var subscriptionId = "sub_" + UUID.randomUUID();
            tx.send(
                    CUSTOMER,
                    deployment.vaultAddress(),
                    SubscriptionVaultAbi.subscribe(
                            SubscriptionRef.of(subscriptionId),
                            MERCHANT.getAddress(),
                            deployment.tokenAddress(),
                            BigInteger.valueOf(TEN_USDC),
                            1,
                            node.latestBlockTimestamp()));
            node.mine(1);
            return subscriptionId;
        }
    }

    /** Everything committed on a topic, read from the beginning as a downstream reader (read_committed). */
    private static final class Committed<V> implements AutoCloseable {

        private final KafkaConsumer<String, V> consumer;
        private final List<ConsumerRecord<String, V>> seen = new ArrayList<>();

        Committed(TestBroker broker, Topic<String, V> topic) {
            consumer = ReadCommitted.fromStart(
                    broker,
                    topic.name(),
                    PARTITIONS,
                    topic.keySerde().deserializer(),
                    topic.valueSerde().deserializer());
        }

        List<ConsumerRecord<String, V>> read() {
            consumer.poll(Duration.ofMillis(100)).forEach(seen::add);
            return List.copyOf(seen);
        }

        @Override
        public void close() {
            consumer.close();
        }
    }
}
