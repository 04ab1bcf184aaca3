package io.abk.billing.chain.lease;

import static io.abk.billing.chain.lease.LeaseTopics.PATIENCE;
import static io.abk.billing.chain.lease.LeaseTopics.resultOf;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.abk.billing.chain.ChainIndexerSettings;
import io.abk.billing.chain.config.ChainSettings;
import io.abk.billing.chain.domain.follow.FollowedToken;
import io.abk.billing.chain.follow.ChainFollower;
import io.abk.billing.chain.follow.FollowerPlan;
import io.abk.billing.chain.follow.FollowerSettings;
import io.abk.billing.chain.follow.TransferLog;
import io.abk.billing.chain.lease.LeaseTopics.Committed;
import io.abk.billing.chain.relay.Relayer;
import io.abk.billing.chain.relay.RelayerHarness;
import io.abk.billing.chain.supervise.ChainStatus;
import io.abk.billing.chain.supervise.WorkerStatus;
import io.abk.billing.kafkatestkit.TestBroker;
import io.abk.billing.schemas.avro.ChainRequest;
import io.abk.billing.schemas.avro.ChainTransfer;
import io.abk.billing.schemas.avro.Executed;
import io.abk.billing.schemas.topic.Topics;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.math.BigInteger;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import org.apache.kafka.clients.admin.RemoveMembersFromConsumerGroupOptions;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.web3j.protocol.core.DefaultBlockParameterName;

/**
 * A held chain's workers that stop by themselves, under the real lease, with the real relayer and follower on a real
 * anvil and broker: each test is one replica holding one chain (a chain id and an application id of its own). A
 * follower fenced by a zombie's and a relayer whose commit failed start again, from what was committed, while the
 * lease is held; a reorg deeper than the window stops the follower for good, and says so.
 */
class HeldChainRestartIT {

    private static final Duration SESSION = Duration.ofSeconds(6);
    /** Just past the first restart's backoff (1 s): a follower that was going to start again would have. */
    private static final Duration PAST_FIRST_RESTART = Duration.ofMillis(1_500);

    @TempDir
    static Path dir;

    private static TestBroker broker;
    private static LeasedChain chain;

    private final List<AutoCloseable> closing = new ArrayList<>();
    private final MeterRegistry registry = new SimpleMeterRegistry();

    @BeforeAll
    static void startBrokerAndChain() throws Exception {
        broker = TestBroker.start(dir.resolve("kafka"));
        LeaseTopics.create(broker, LeaseTopics.PARTITIONS);
        TransferLog.watch(broker, LeasedChain.PAYEE);
        chain = new LeasedChain();
    }

    @AfterAll
    static void stopBrokerAndChain() {
        chain.close();
        broker.close();
    }

    @AfterEach
    void closeReplicas() throws Exception {
        for (var started : closing.reversed()) {
            started.close();
        }
    }

    @Test
    void shouldStartTheFollowerAgainFromItsCheckpointWhenAZombiesFollowerFencedIt() throws Exception {
        // Protects against a holder whose follower a zombie replica fenced never publishing again (the case).
        var config = config(31_337_101, Map.of());
        var transfers = open(new Committed<>(broker, Topics.CHAIN_TRANSFERS));
        // Given the replica that holds the chain's lease, publishing its transfers
        var holder = replica(config, RelayerAndFollower.of(config, List.of(config.testChain())));
        var before = chain.pay(1_000_000);
        await().atMost(PATIENCE).until(() -> published(transfers, config).contains(before));
        assertThat(gauge("billing.chain.follower.running", config)).isEqualTo(1.0);

        // When a zombie replica's follower opens a producer under the chain's transactional id, as one that
        // re-initialised after a Kafka error did, and stops when its replica hears that the lease moved
        try (var zombie = ChainFollower.create(FollowerPlan.of(config.testChain()), broker.bootstrapServers())) {
            zombie.start();
            await().atMost(PATIENCE).until(() -> zombie.nextBlock() >= 0);
        }

        // Then the holder's follower, fenced at its next commit, starts again and publishes from its checkpoint
        var after = chain.pay(2_000_000);
        await().atMost(PATIENCE).until(() -> published(transfers, config).contains(after));
        var status = status(holder, config);
        assertThat(status.follower()).isEqualTo(new WorkerStatus(WorkerStatus.State.RUNNING, "", 1));
        assertThat(status.health().up()).isTrue();
        assertThat(gauge("billing.chain.follower.running", config)).isEqualTo(1.0);
        // and no transfer was published twice
        assertThat(transfers.read())
                .filteredOn(record ->
                        record.value().getChainId() == config.testChain().chainId())
                .extracting(ConsumerRecord::key)
                .doesNotHaveDuplicates();
    }

    @Test
    void shouldStartTheRelayerAgainAndAnswerEveryChargeOnceWhenItsCommitFailsAfterItsGroupDroppedIt() throws Exception {
        // Protects against the relayer's thread dying on a CommitFailedException and never relaying again.
        // The chain's own id, which the relayer signs with; receipts may wait while mining is paused.
        var config = config(chain.node.chainId(), Map.of("BILLING_CHAINS_TEST_RECEIPT_TIMEOUT_MS", "60000"));
        var results = open(new Committed<>(broker, Topics.CHAIN_RESULTS));
        var requests = open(RelayerHarness.requests(broker));
        var subscriptions = List.of(chain.subscribe(), chain.subscribe(), chain.subscribe(), chain.subscribe());
        var paidBefore = chain.balance(LeasedChain.MERCHANT.getAddress());
        var holder = replica(config, RelayerAndFollower.of(config, List.of(config.testChain())));

        // Given three charges in flight, their transactions sent but not mined: the relayer waits for the oldest
        chain.node.setAutomine(false);
        var charges = new ArrayList<ChainRequest>();
        try {
            for (var subscription : subscriptions.subList(0, 3)) {
                var sent = pendingNonce();
                var charge = LeaseTopics.charge(subscription);
                LeaseTopics.send(requests, charge);
                charges.add(charge);
                await().atMost(PATIENCE).until(() -> pendingNonce() > sent);
            }

            // When its group drops its consumer, as after a pause longer than the session, and the blocks come
            try (var admin = broker.admin()) {
                admin.removeMembersFromConsumerGroup(
                                Relayer.groupId(config.applicationId(), config.testChain()),
                                new RemoveMembersFromConsumerGroupOptions())
                        .all()
                        .get(30, TimeUnit.SECONDS);
            }
        } finally {
            chain.node.setAutomine(true);
        }
        chain.node.mine(1);

        // Then the relayer, whose commit failed, starts again: each charge is answered, and a new one too
        var another = LeaseTopics.charge(subscriptions.get(3));
        LeaseTopics.send(requests, another);
        charges.add(another);
        for (var charge : charges) {
            assertThat(resultOf(results, charge.getRequestId(), 1, chain.node).getOutcome())
                    .isInstanceOf(Executed.class);
        }
        assertThat(status(holder, config).relayer().restarts()).isEqualTo(1);
        // and the vault moved each charge once, though the first three were relayed twice
        assertThat(chain.balance(LeasedChain.MERCHANT.getAddress()).subtract(paidBefore))
                .isEqualTo(BigInteger.valueOf(4 * LeasedChain.TEN_USDC));
        assertThat(results.read().stream()
                        .map(ConsumerRecord::value)
                        .filter(result -> charges.stream()
                                .anyMatch(charge -> charge.getRequestId()
                                        .equals(result.getRequest().getRequestId())))
                        .map(result -> ((Executed) result.getOutcome()).getTxHash())
                        .distinct())
                .as("one transaction per charge, whichever relayer answered")
                .hasSize(4);
    }

    @Test
    void shouldStopARelayerItsGroupDroppedInsteadOfRejoiningAndStartANewOneWhileTheLeaseIsHeld() throws Exception {
        var config = config(chain.node.chainId(), Map.of());
        var group = Relayer.groupId(config.applicationId(), config.testChain());
        var results = open(new Committed<>(broker, Topics.CHAIN_RESULTS));
        var requests = open(RelayerHarness.requests(broker));
        var holder = replica(config, RelayerAndFollower.of(config, List.of(config.testChain())));
        try (var admin = broker.admin()) {
            // Given the holder's relayer, idle in its group
            await().atMost(PATIENCE).until(() -> LeaseTopics.members(admin, group) == 1);

            // When the group drops it, as after a pause longer than its session
            admin.removeMembersFromConsumerGroup(group, new RemoveMembersFromConsumerGroupOptions())
                    .all()
                    .get(30, TimeUnit.SECONDS);
        }

        // Then it stops at its next poll rather than rejoin beside a holder's relayer, and, the lease being held
        // here, a new relayer takes its place and answers a charge
        await().atMost(PATIENCE)
                .until(() ->
                        status(holder, config).relayer().equals(new WorkerStatus(WorkerStatus.State.RUNNING, "", 1)));
        var charge = LeaseTopics.charge(chain.subscribe());
        LeaseTopics.send(requests, charge);
        assertThat(resultOf(results, charge.getRequestId(), 1, chain.node).getOutcome())
                .isInstanceOf(Executed.class);
    }

    @Test
    void shouldStopTheFollowerForGoodAndSaySoWhenAReorgIsDeeperThanItsWindow() throws Exception {
        var config = config(31_337_103, Map.of());
        var transfers = open(new Committed<>(broker, Topics.CHAIN_TRANSFERS));
        // Given a follower that remembers the last 4 confirmed blocks, and published a transfer 6 blocks ago
        var holder = replica(config, new RelayerAndFollower(config, Map.of(chainIdOf(config), narrowWindow(config))));
        var paid = chain.pay(1_000_000);
        chain.node.mine(6);
        await().atMost(PATIENCE).until(() -> published(transfers, config).contains(paid));
        await().atMost(PATIENCE).until(() -> status(holder, config).lagBlocks() <= 1);

        // When the chain replaces the transfer's block and every one after it: deeper than the window
        chain.node.reorg(8);

        // Then the follower stops, says why, and is not started again: only an operator can resolve it
        await().atMost(PATIENCE).until(() -> status(holder, config).follower().state() == WorkerStatus.State.STOPPED);
        await().during(PAST_FIRST_RESTART)
                .atMost(PATIENCE)
                .until(() -> status(holder, config).follower().state() == WorkerStatus.State.STOPPED);
        var status = status(holder, config);
        assertThat(status.follower().detail()).contains("reorg deeper than the window");
        assertThat(status.follower().restarts()).isZero();
        assertThat(status.health().up()).isFalse();
        assertThat(status.health().details())
                .containsEntry("relayer", "running")
                .hasEntrySatisfying("follower", detail -> assertThat(detail).startsWith("stopped: reorg deeper"));
        assertThat(holder.health()).containsKey(ChainStatus.componentName(chainIdOf(config)));
        assertThat(gauge("billing.chain.follower.running", config)).isZero();
        assertThat(gauge("billing.chain.follower.lag.blocks", config)).isZero();
    }

    /** The settings of a replica of its own (application id) following this test's chain id on the anvil. */
    private ChainIndexerSettings config(long chainId, Map<String, String> overrides) {
        var env = chain.env(broker, dir.resolve("state-" + chainId), SESSION);
        env.put("BILLING_CHAIN_INDEXER_APPLICATION_ID", "held-it-" + UUID.randomUUID());
        env.put("BILLING_CHAINS_TEST_CHAIN_ID", Long.toString(chainId));
        env.putAll(overrides);
        return ChainIndexerSettings.fromEnv(env);
    }

    /** The only replica of its deployment, holding the chain's lease once this returns. */
    private ChainLeases replica(ChainIndexerSettings config, ChainWorkers workers) {
        var leases = open(ChainLeases.start(config, List.of(config.testChain()), workers, registry));
        await().atMost(PATIENCE).until(() -> leases.activeChains().equals(Set.of(chainIdOf(config))));
        return leases;
    }

    private static long chainIdOf(ChainIndexerSettings config) {
        return config.testChain().chainId();
    }

    /** The plan of the chain with a window of 4 blocks. */
    private static FollowerSettings narrowWindow(ChainIndexerSettings config) {
        ChainSettings settings = config.testChain();
        var plan = FollowerPlan.of(settings);
        return new FollowerSettings(
                plan.chainId(),
                plan.mode(),
                plan.rpcUrls(),
                plan.confirmations(),
                List.of(new FollowedToken("USDC", settings.usdcAddress(), 6)),
                plan.vaultAddress(),
                plan.startBlock(),
                plan.pollInterval(),
                plan.initialRange(),
                plan.maxRange(),
                4,
                null);
    }

    private static ChainStatus status(ChainLeases leases, ChainIndexerSettings config) {
        return leases.status(chainIdOf(config)).orElseThrow();
    }

    private double gauge(String name, ChainIndexerSettings config) {
        return registry.get(name)
                .tag("chainId", Long.toString(chainIdOf(config)))
                .gauge()
                .value();
    }

    /** The tx hashes published for this test's chain id. */
    private static Set<String> published(Committed<ChainTransfer> transfers, ChainIndexerSettings config) {
        var hashes = new java.util.HashSet<String>();
        transfers.read().stream()
                .map(ConsumerRecord::value)
                .filter(transfer -> transfer.getChainId() == chainIdOf(config))
                .forEach(transfer -> hashes.add(transfer.getTxHash()));
        return hashes;
    }

    private static long pendingNonce() throws Exception {
        return chain.nonce(LeasedChain.RELAYER, DefaultBlockParameterName.PENDING)
                .longValueExact();
    }

    private <T extends AutoCloseable> T open(T closeable) {
        closing.add(closeable);
        return closeable;
    }
}
