package io.abk.billing.chain.relay;

import static org.awaitility.Awaitility.await;

import io.abk.billing.chain.ChainIndexerSettings;
import io.abk.billing.chain.autosettle.AutoSettlementSettings;
import io.abk.billing.chain.config.ChainSettings;
import io.abk.billing.chain.config.FeeCaps;
import io.abk.billing.chain.config.RelayerKey;
import io.abk.billing.contracts.Erc20Abi;
import io.abk.billing.contracts.SubscriptionRef;
import io.abk.billing.contracts.SubscriptionVaultAbi;
import io.abk.billing.kafkatestkit.ReadCommitted;
import io.abk.billing.kafkatestkit.TestBroker;
import io.abk.billing.localchain.AnvilAccounts;
import io.abk.billing.localchain.AnvilNode;
import io.abk.billing.localchain.AnvilOptions;
import io.abk.billing.localchain.LocalChainDeployer;
import io.abk.billing.localchain.LocalChainDeployment;
import io.abk.billing.localchain.LocalChainTransactions;
import io.abk.billing.opskit.kafka.KafkaClientSecurity;
import io.abk.billing.schemas.avro.ChainRequest;
import io.abk.billing.schemas.avro.ChainRequestBatch;
import io.abk.billing.schemas.avro.ChainResult;
import io.abk.billing.schemas.avro.ChargeRequest;
import io.abk.billing.schemas.avro.RefundRequest;
import io.abk.billing.schemas.avro.VerifyPaymentRequest;
import io.abk.billing.schemas.mode.Mode;
import io.abk.billing.schemas.topic.Deployment;
import io.abk.billing.schemas.topic.Topics;
import java.math.BigInteger;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.Callable;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;
import java.util.function.UnaryOperator;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.consumer.OffsetAndMetadata;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.TopicPartition;
import org.web3j.crypto.Credentials;

/**
 * A real anvil with the token and vault deployed (relayer = anvil account 1), the in-process broker with
 * {@code chain.requests}, {@code chain.results} and {@code chain.indexer-dlt}, and the calls the relayer's tests make: subscribing customers,
 * writing requests, reading results. Each relayer started here reads only requests written after its start.
 */
public final class RelayerHarness implements AutoCloseable {

    static final int PARTITIONS = 2;
    static final Duration PATIENCE = Duration.ofSeconds(60);
    /** 1,000 USDC in micro-USDC. */
    static final BigInteger FUNDS = BigInteger.valueOf(1_000_000_000L);

    static final long TEN_USDC = 10_000_000L;
    /** How often a block is mined while a charge or refund waits for its depth: a tenth of a second keeps tests quick. */
    static final Duration BLOCK_EVERY = Duration.ofMillis(100);

    final TestBroker broker;
    final AnvilNode node;
    final LocalChainTransactions tx;
    final LocalChainDeployment deployment;
    final Credentials deployer = AnvilAccounts.get(0);
    final Credentials relayer = AnvilAccounts.get(1);
    final Credentials customer = AnvilAccounts.get(2);
    final Credentials merchant = AnvilAccounts.get(3);
    private final Path dir;
    private final KafkaProducer<String, ChainRequest> producer;
    private final KafkaConsumer<String, ChainResult> results;
    private final Map<String, ChainResult> seen = new HashMap<>();
    private final Map<String, String> keys = new HashMap<>();
    /** Every request written, by id. */
    private final Map<String, ChainRequest> sent = new ConcurrentHashMap<>();

    private final List<ChainResult> all = new ArrayList<>();
    /** Whether waiting for a charge's or refund's result mines blocks; not when the chain makes its own. */
    private volatile boolean mineWhileWaiting = true;

    RelayerHarness(Path dir) throws Exception {
        this(dir, AnvilOptions.defaults());
    }

    /** As {@link #RelayerHarness(Path)}, on an anvil started with {@code anvil}. */
    RelayerHarness(Path dir, AnvilOptions anvil) throws Exception {
        this.dir = dir;
        broker = TestBroker.start(dir.resolve("kafka"));
        broker.createTopics(List.of(Topics.CHAIN_REQUESTS, Topics.CHAIN_RESULTS, Topics.CHAIN_DEAD_LETTERS).stream()
                .map(topic ->
                        new NewTopic(topic.name(Deployment.DEFAULT), PARTITIONS, (short) 1).configs(topic.configs()))
                .toList());
        node = AnvilNode.start(anvil);
        var deployer = new LocalChainDeployer(node);
        tx = deployer.transactions();
        deployment = deployer.deploy(this.deployer, relayer.getAddress());
        deployer.mint(this.deployer, token(), List.of(customer.getAddress(), merchant.getAddress()), FUNDS);
        deployer.approveVault(deployment, List.of(customer, merchant), Erc20Abi.UNLIMITED);
        producer = requests(broker);
        results = ReadCommitted.fromStart(
                broker,
                Topics.CHAIN_RESULTS.name(Deployment.DEFAULT),
                PARTITIONS,
                Topics.CHAIN_RESULTS.keySerde().deserializer(),
                Topics.CHAIN_RESULTS.valueSerde().deserializer());
    }

    /** A producer of chain requests as billing-streams writes them, failing fast when the broker does not take them. */
    public static KafkaProducer<String, ChainRequest> requests(TestBroker broker) {
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

    String token() {
        return deployment.tokenAddress();
    }

    String vault() {
        return deployment.vaultAddress();
    }

    /** The anvil chain as test mode's chain: one confirmation, test caps, receipts within 5 s. */
    ChainSettings chain() {
        return new ChainSettings(
                Mode.TEST,
                "anvil",
                node.chainId(),
                List.of(node.rpcUrl()),
                1,
                token(),
                6,
                vault(),
                RelayerKey.of(Numeric.key(relayer), "test key"),
                ChainSettings.TEST_FEE_CAPS,
                null,
                Duration.ofSeconds(1),
                Duration.ofSeconds(5),
                false,
                null,
                ChainSettings.DEFAULT_USDT_DECIMALS);
    }

    ChainSettings chain(UnaryOperator<ChainSettings> change) {
        return change.apply(chain());
    }

    static ChainSettings withCaps(ChainSettings c, FeeCaps caps) {
        return copy(c, c.mode(), c.confirmations(), caps, c.timeTravel());
    }

    static ChainSettings withConfirmations(ChainSettings c, int confirmations) {
        return copy(c, c.mode(), confirmations, c.feeCaps(), c.timeTravel());
    }

    static ChainSettings withTimeTravel(ChainSettings c) {
        return copy(c, c.mode(), c.confirmations(), c.feeCaps(), true);
    }

    /** The chain with a receipt timeout of {@code timeout}. */
    static ChainSettings withReceiptTimeout(ChainSettings c, Duration timeout) {
        return new ChainSettings(
                c.mode(),
                c.name(),
                c.chainId(),
                c.rpcUrls(),
                c.confirmations(),
                c.usdcAddress(),
                c.usdcDecimals(),
                c.vaultAddress(),
                c.relayerKey(),
                c.feeCaps(),
                c.startBlock(),
                c.pollInterval(),
                timeout,
                c.timeTravel(),
                null,
                ChainSettings.DEFAULT_USDT_DECIMALS);
    }

    /** The same chain as {@code mode}'s chain (a relayer takes only the requests of its mode). */
    static ChainSettings withMode(ChainSettings c, Mode mode) {
        return copy(c, mode, c.confirmations(), c.feeCaps(), c.timeTravel());
    }

    private static ChainSettings copy(ChainSettings c, Mode mode, int confirmations, FeeCaps caps, boolean timeTravel) {
        return new ChainSettings(
                mode,
                c.name(),
                c.chainId(),
                c.rpcUrls(),
                confirmations,
                c.usdcAddress(),
                c.usdcDecimals(),
                c.vaultAddress(),
                c.relayerKey(),
                caps,
                c.startBlock(),
                c.pollInterval(),
                c.receiptTimeout(),
                timeTravel,
                null,
                ChainSettings.DEFAULT_USDT_DECIMALS);
    }

    /** A relayer of {@code chain} in a group of its own, starting after every request written so far. */
    Relayer startRelayer(ChainSettings chain) throws Exception {
        var applicationId = "relayer-it-" + UUID.randomUUID();
        var config = new ChainIndexerSettings(
                broker.bootstrapServers(),
                applicationId,
                dir.resolve(applicationId),
                Duration.ofMillis(30),
                chain.mode() == Mode.TEST ? chain : ChainSettings.unconfigured(Mode.TEST),
                chain.mode() == Mode.LIVE ? chain : ChainSettings.unconfigured(Mode.LIVE),
                ChainIndexerSettings.DEFAULT_LEASE_SESSION_TIMEOUT,
                AutoSettlementSettings.DEFAULT_PENDING_VAULT_EVENT_RETENTION,
                KafkaClientSecurity.PLAINTEXT,
                Deployment.DEFAULT);
        try (var admin = broker.admin();
                var probe = new KafkaConsumer<>(
                        Map.<String, Object>of(ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, broker.bootstrapServers()),
                        Topics.CHAIN_REQUESTS.keySerde().deserializer(),
                        Topics.CHAIN_REQUESTS.valueSerde().deserializer())) {
            var offsets = new HashMap<TopicPartition, OffsetAndMetadata>();
            probe.endOffsets(partitions(Topics.CHAIN_REQUESTS.name(Deployment.DEFAULT)))
                    .forEach((partition, end) -> offsets.put(partition, new OffsetAndMetadata(end)));
            admin.alterConsumerGroupOffsets(Relayer.groupId(applicationId, chain), offsets)
                    .all()
                    .get(30, TimeUnit.SECONDS);
        }
        return Relayer.start(config, chain);
    }

    /** A subscription of {@code payer} to the merchant for {@code mandateMicros} a month from the chain's now. */
    String subscribe(Credentials payer, long mandateMicros) {
        var subscriptionId = "sub_" + UUID.randomUUID();
        tx.send(
                payer,
                vault(),
                SubscriptionVaultAbi.subscribe(
                        SubscriptionRef.of(subscriptionId),
                        merchant.getAddress(),
                        token(),
                        BigInteger.valueOf(mandateMicros),
                        1,
                        node.latestBlockTimestamp()));
        return subscriptionId;
    }

    void approve(Credentials owner, long micros) {
        tx.send(owner, token(), Erc20Abi.approve(vault(), BigInteger.valueOf(micros)));
    }

    void mint(String to, long micros) {
        tx.send(deployer, token(), Erc20Abi.mint(to, BigInteger.valueOf(micros)));
    }

    BigInteger balance(String address) {
        return Erc20Abi.decodeUint256(tx.call(token(), Erc20Abi.balanceOf(address)));
    }

    /** Charge attempt 1 of {@code invoiceId}, as billing-streams writes it. */
    public static ChainRequest charge(
            String subscriptionId,
            String invoiceId,
            long amountMicros,
            Instant requestedAt,
            String wallet,
            String payout) {
        return base(invoiceId + ":1", requestedAt, amountMicros, wallet, payout)
                .setSubscriptionId(subscriptionId)
                .setInvoiceId(invoiceId)
                .setPayload(new ChargeRequest(null, null))
                .build();
    }

    static ChainRequest refund(
            String subscriptionId, String invoiceId, int n, long amountMicros, String wallet, String payout) {
        return base(invoiceId + ":refund:" + n, now(), amountMicros, wallet, payout)
                .setSubscriptionId(subscriptionId)
                .setInvoiceId(invoiceId)
                .setPayload(new RefundRequest(null))
                .build();
    }

    static ChainRequest verify(
            String paymentId,
            String txHash,
            long amountMicros,
            @org.jspecify.annotations.Nullable String wallet,
            String payout) {
        return verify(paymentId, txHash, amountMicros, wallet, payout, Mode.TEST, null);
    }

    /** A verification of a payment of {@code mode} created at {@code paymentCreatedAt} (null: not said). */
    static ChainRequest verify(
            String paymentId,
            String txHash,
            long amountMicros,
            @org.jspecify.annotations.Nullable String wallet,
            String payout,
            Mode mode,
            @org.jspecify.annotations.Nullable Instant paymentCreatedAt) {
        return base(paymentId + ":verify:1", now(), amountMicros, wallet, payout)
                .setPaymentId(paymentId)
                .setMode(io.abk.billing.schemas.mode.ModeMapper.toAvro(mode))
                .setPayload(new VerifyPaymentRequest(txHash, paymentCreatedAt))
                .build();
    }

    static Instant now() {
        return Instant.now().truncatedTo(ChronoUnit.MILLIS);
    }

    private static ChainRequest.Builder base(
            String requestId,
            Instant requestedAt,
            long amountMicros,
            @org.jspecify.annotations.Nullable String wallet,
            String payout) {
        return ChainRequest.newBuilder()
                .setRequestId(requestId)
                .setResultCommandId("cmd_" + requestId)
                .setSubscriptionId(null)
                .setInvoiceId(null)
                .setPaymentId(null)
                .setMerchantId("mer_relayer_it")
                .setMode(io.abk.billing.schemas.avro.Mode.TEST)
                .setRequestedAt(requestedAt)
                .setAmountMicros(amountMicros)
                .setWalletAddress(wallet)
                .setPayoutAddress(payout)
                .setOnChainSubscriptionId(null);
    }

    /** Writes {@code request} keyed as billing-streams keys it (invoice, payment or subscription id). */
    void send(ChainRequest request) throws Exception {
        sent.put(request.getRequestId(), request);
        var key = request.getInvoiceId() != null
                ? request.getInvoiceId()
                : request.getPaymentId() != null ? request.getPaymentId() : request.getSubscriptionId();
        producer.send(new ProducerRecord<>(Topics.CHAIN_REQUESTS.name(Deployment.DEFAULT), key, request))
                .get(30, TimeUnit.SECONDS);
    }

    /**
     * Writes {@code requests} as billing-streams sends a batch's: one {@code ChainRequestBatch} record keyed by the
     * first one's subscription, its own fields the first one's with its ids prefixed.
     */
    void sendBatch(List<ChainRequest> requests) throws Exception {
        requests.forEach(request -> sent.put(request.getRequestId(), request));
        var first = requests.getFirst();
        var batch = ChainRequest.newBuilder(first)
                .setRequestId("batch:" + first.getRequestId())
                .setResultCommandId("batch:" + first.getResultCommandId())
                .setInvoiceId(null)
                .setAmountMicros(0)
                .setWalletAddress(null)
                .setPayload(new ChainRequestBatch(requests))
                .build();
        producer.send(new ProducerRecord<>(
                        Topics.CHAIN_REQUESTS.name(Deployment.DEFAULT), first.getSubscriptionId(), batch))
                .get(30, TimeUnit.SECONDS);
    }

    /**
     * A block every {@code blockSeconds}, mined by a thread of the harness (anvil's own interval mining left
     * transactions in its pool after a long set-up), and results awaited without mining.
     */
    void intervalMining(int blockSeconds) {
        node.setAutomine(false);
        mineWhileWaiting = false;
        var miner = new Thread(
                () -> {
                    while (!Thread.currentThread().isInterrupted()) {
                        try {
                            Thread.sleep(blockSeconds * 1000L);
                            node.mine(1);
                        } catch (InterruptedException e) {
                            return;
                        } catch (RuntimeException stopped) {
                            // The node is closing.
                        }
                    }
                },
                "block-every-" + blockSeconds + "s");
        miner.setDaemon(true);
        miner.start();
    }

    /** The key each result was written under, by request id. */
    String resultKey(String requestId) {
        result(requestId);
        return keys.get(requestId);
    }

    /** Writes every request without waiting for each, so they reach the relayer together. */
    void sendAll(List<ChainRequest> requests) {
        for (var request : requests) {
            sent.put(request.getRequestId(), request);
            var key = request.getInvoiceId() != null ? request.getInvoiceId() : request.getPaymentId();
            producer.send(new ProducerRecord<>(Topics.CHAIN_REQUESTS.name(Deployment.DEFAULT), key, request));
        }
        producer.flush();
    }

    /**
     * The latest committed result for {@code requestId}, awaited; blocks are mined meanwhile for a charge or refund,
     * which is answered only once blocks are on top of its transaction.
     */
    ChainResult result(String requestId) {
        if (seen.containsKey(requestId)) {
            return seen.get(requestId);
        }
        awaitResults(requestId, () -> seen.containsKey(requestId));
        return seen.get(requestId);
    }

    /** Every result for {@code requestId} seen so far, at least {@code atLeast} of them, awaited as {@link #result}. */
    List<ChainResult> results(String requestId, int atLeast) {
        awaitResults(
                requestId,
                () -> all.stream()
                                .filter(r -> r.getRequest().getRequestId().equals(requestId))
                                .count()
                        >= atLeast);
        return all.stream()
                .filter(r -> r.getRequest().getRequestId().equals(requestId))
                .toList();
    }

    private void awaitResults(String requestId, BooleanSupplier done) {
        Callable<Boolean> polled = () -> {
            poll();
            return done.getAsBoolean();
        };
        var request = sent.get(requestId);
        if (mineWhileWaiting && request != null && !(request.getPayload() instanceof VerifyPaymentRequest)) {
            awaitMining(node, PATIENCE, polled);
        } else {
            await().atMost(PATIENCE)
                    .pollDelay(Duration.ZERO)
                    .pollInterval(Duration.ofMillis(10))
                    .until(polled);
        }
    }

    /**
     * Waits until {@code done}, mining a block every {@link #BLOCK_EVERY} meanwhile: the relayer answers a charge or
     * refund only once its transaction is as deep as the chain's confirmations, and automine makes a block only for a
     * transaction.
     */
    public static void awaitMining(AnvilNode node, Duration patience, Callable<Boolean> done) {
        var minedAt = new long[] {System.nanoTime()};
        await().atMost(patience)
                .pollDelay(Duration.ZERO)
                .pollInterval(Duration.ofMillis(10))
                .until(() -> {
                    if (done.call()) {
                        return true;
                    }
                    if (System.nanoTime() - minedAt[0] >= BLOCK_EVERY.toNanos()) {
                        node.mine(1);
                        minedAt[0] = System.nanoTime();
                    }
                    return false;
                });
    }

    private void poll() {
        for (var record : results.poll(Duration.ofMillis(20))) {
            seen.put(record.value().getRequest().getRequestId(), record.value());
            keys.put(record.value().getRequest().getRequestId(), record.key());
            all.add(record.value());
        }
    }

    private static List<TopicPartition> partitions(String topic) {
        var partitions = new ArrayList<TopicPartition>();
        for (int p = 0; p < PARTITIONS; p++) {
            partitions.add(new TopicPartition(topic, p));
        }
        return partitions;
    }

    @Override
    public void close() {
        producer.close();
        results.close();
        node.close();
        broker.close();
    }

    /** The hex of a test account's key (anvil's published test keys). */
    static final class Numeric {
        static String key(Credentials credentials) {
            return org.web3j.utils.Numeric.toHexStringNoPrefixZeroPadded(
                    credentials.getEcKeyPair().getPrivateKey(), 64);
        }
    }
}
