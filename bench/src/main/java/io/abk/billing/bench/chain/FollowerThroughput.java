package io.abk.billing.bench.chain;

import io.abk.billing.chain.domain.follow.FollowedToken;
import io.abk.billing.chain.follow.ChainFollower;
import io.abk.billing.chain.follow.FollowerSettings;
import io.abk.billing.contracts.Erc20Abi;
import io.abk.billing.localchain.AnvilAccounts;
import io.abk.billing.localchain.AnvilNode;
import io.abk.billing.localchain.LocalChainDeployer;
import io.abk.billing.localstack.kafka.KafkaBroker;
import io.abk.billing.schemas.avro.WatchedAddress;
import io.abk.billing.schemas.mode.Mode;
import io.abk.billing.schemas.topic.Deployment;
import io.abk.billing.schemas.topic.Topics;
import java.math.BigInteger;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;
import org.apache.kafka.common.serialization.StringDeserializer;

/**
 * The chain follower alone: an anvil whose blocks each hold {@code perBlock} USDC transfers to one watched address
 * (sent with automine off, then one block mined), {@code blocks} of them, then a follower from block 0 with one
 * confirmation into a broker of its own, timed from its start until every transfer is on {@code chain.transfers}
 * as a read_committed reader sees it.
 */
public final class FollowerThroughput {

    /** Room for 1,000 transfers and more in one block (anvil's default limit holds about 600). */
    private static final long BLOCK_GAS_LIMIT = 1_000_000_000L;

    private static final Duration PATIENCE = Duration.ofMinutes(5);
    private static final int PARTITIONS = 2;

    /** What the phase measured. */
    public record Result(int blocks, int perBlock, long logs, Duration elapsed) {

        public double logsPerSecond() {
            return logs / (elapsed.toNanos() / 1e9);
        }

        public String line() {
            return String.format(
                    Locale.ROOT,
                    "chain follower: %d blocks of %d transfers, %d logs published in %.2f s" + " = %.0f logs/s",
                    blocks,
                    perBlock,
                    logs,
                    elapsed.toNanos() / 1e9,
                    logsPerSecond());
        }
    }

    private FollowerThroughput() {}

    /** The phase on its own: {@code [blocks] [transfers per block]}. */
    public static void main(String[] args) throws Exception {
        var dir = java.nio.file.Files.createTempDirectory("follower-throughput");
        var result = run(
                dir,
                args.length > 0 ? Integer.parseInt(args[0]) : 20,
                args.length > 1 ? Integer.parseInt(args[1]) : 1_000);
        System.out.println(result.line());
        // The in-process broker leaves non-daemon threads behind.
        System.exit(0);
    }

    public static Result run(Path dataDir, int blocks, int perBlock) throws Exception {
        try (var node = AnvilNode.start();
                var broker = KafkaBroker.start(dataDir.resolve("follower-kafka"), 0, Duration.ofMinutes(1))) {
            createTopics(broker.bootstrapServers());
            var deployer = new LocalChainDeployer(node);
            var sender = AnvilAccounts.get(0);
            var deployment = deployer.deploy(sender, AnvilAccounts.get(1).getAddress());
            var token = deployment.tokenAddress();
            deployer.mint(sender, token, List.of(sender.getAddress()), BigInteger.valueOf((long) blocks * perBlock));
            var payee = AnvilAccounts.get(5).getAddress().toLowerCase(Locale.ROOT);
            watch(broker.bootstrapServers(), payee);

            var anvil = new AnvilBatches(node.rpcUrl());
            anvil.call("evm_setBlockGasLimit", "0x" + Long.toHexString(BLOCK_GAS_LIMIT));
            node.setAutomine(false);
            long nonce = anvil.quantity("eth_getTransactionCount", sender.getAddress(), "pending");
            var transfer = Erc20Abi.transfer(payee, BigInteger.ONE);
            System.out.printf("bench: filling %d blocks with %d transfers each ...%n", blocks, perBlock);
            for (int b = 0; b < blocks; b++) {
                anvil.sendAll(sender.getAddress(), token, transfer, nonce, perBlock);
                nonce += perBlock;
                node.mine(1);
                long included = anvil.quantity("eth_getBlockTransactionCountByNumber", "latest");
                if (included != perBlock) {
                    throw new IllegalStateException("a block holds " + included + " transfers, not " + perBlock);
                }
            }
            // One more block: with one confirmation, the last full block is then deep enough.
            node.mine(1);

            long expected = (long) blocks * perBlock;
            var settings = new FollowerSettings(
                    node.chainId(),
                    Mode.TEST,
                    List.of(node.rpcUrl()),
                    1,
                    List.of(new FollowedToken("USDC", token, 6)),
                    null,
                    0,
                    Duration.ofMillis(50),
                    100,
                    2_000,
                    256,
                    null);
            try (var counter = new Counter(broker.bootstrapServers())) {
                long start = System.nanoTime();
                try (var follower = ChainFollower.create(settings, broker.bootstrapServers())) {
                    follower.start();
                    long deadline = start + PATIENCE.toNanos();
                    while (counter.count() < expected) {
                        if (System.nanoTime() > deadline || !follower.isRunning()) {
                            throw new IllegalStateException("the follower published " + counter.count() + " of "
                                    + expected + " logs"
                                    + follower.failure().map(f -> ": " + f).orElse(""));
                        }
                    }
                    return new Result(blocks, perBlock, counter.count(), Duration.ofNanos(System.nanoTime() - start));
                }
            }
        }
    }

    private static void createTopics(String bootstrap) throws Exception {
        try (var admin = Admin.create(Map.of(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrap))) {
            admin.createTopics(Topics.all().stream()
                            .map(topic -> new NewTopic(topic.name(Deployment.DEFAULT), PARTITIONS, (short) 1)
                                    .configs(topic.configs()))
                            .toList())
                    .all()
                    .get(1, TimeUnit.MINUTES);
        }
    }

    private static void watch(String bootstrap, String address) throws Exception {
        var topic = Topics.CHAIN_WATCHED_ADDRESSES;
        try (var producer = new KafkaProducer<>(
                Map.<String, Object>of(ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrap),
                topic.keySerde().serializer(),
                topic.valueSerde().serializer())) {
            var value = WatchedAddress.newBuilder()
                    .setMode(io.abk.billing.schemas.avro.Mode.TEST)
                    .setAddress(address)
                    .setSince(Instant.EPOCH)
                    .build();
            producer.send(new ProducerRecord<>(topic.name(Deployment.DEFAULT), "test:" + address, value))
                    .get(1, TimeUnit.MINUTES);
        }
    }

    /** Counts committed records on {@code chain.transfers} (values left as bytes: counting needs no decoding). */
    private static final class Counter implements AutoCloseable {

        private final KafkaConsumer<String, byte[]> consumer;
        private long count;

        Counter(String bootstrap) {
            consumer = new KafkaConsumer<>(
                    Map.<String, Object>of(
                            ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG,
                            bootstrap,
                            ConsumerConfig.ISOLATION_LEVEL_CONFIG,
                            "read_committed",
                            ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG,
                            false,
                            ConsumerConfig.MAX_POLL_RECORDS_CONFIG,
                            5_000),
                    new StringDeserializer(),
                    new ByteArrayDeserializer());
            var name = Topics.CHAIN_TRANSFERS.name(Deployment.DEFAULT);
            var partitions = consumer.partitionsFor(name).stream()
                    .map(info -> new TopicPartition(name, info.partition()))
                    .toList();
            consumer.assign(partitions);
            consumer.seekToBeginning(partitions);
        }

        long count() {
            count += consumer.poll(Duration.ofMillis(100)).count();
            return count;
        }

        @Override
        public void close() {
            consumer.close();
        }
    }
}
