package io.abk.billing.chain.lease;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.abk.billing.chain.ChainIndexerSettings;
import io.abk.billing.chain.autosettle.AutoSettlementSettings;
import io.abk.billing.chain.config.ChainSettings;
import io.abk.billing.chain.supervise.ChainStatus;
import io.abk.billing.chain.supervise.LeaseCheck;
import io.abk.billing.chain.supervise.LeaseCheck.Answer;
import io.abk.billing.chain.supervise.RunningChain;
import io.abk.billing.chain.supervise.WorkerStatus;
import io.abk.billing.kafkatestkit.TestBroker;
import io.abk.billing.opskit.kafka.KafkaClientSecurity;
import io.abk.billing.schemas.mode.Mode;
import io.abk.billing.schemas.topic.Deployment;
import io.abk.billing.schemas.topic.Topics;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.clients.admin.RemoveMembersFromConsumerGroupOptions;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The leases of two chains among replicas on a real broker, with fake workers that record who runs which chain, so
 * any moment two replicas ran one chain is caught. Each test is a deployment of its own (its own application id).
 */
class ChainLeasesIT {

    private static final int PARTITIONS = 2;
    /** The broker's minimum, so the crash test waits as little as a deployment can. */
    private static final Duration SESSION = Duration.ofSeconds(6);

    private static final Duration PATIENCE = Duration.ofSeconds(60);
    /** Two chain ids whose leases are different partitions, so a second replica gets one of them. */
    private static final long CHAIN_A = chainIdOn(0);

    private static final long CHAIN_B = chainIdOn(1);

    @TempDir
    static Path dir;

    static TestBroker broker;

    private final String applicationId = "leases-it-" + UUID.randomUUID();
    private final Map<Long, String> runningIn = new ConcurrentHashMap<>();
    /** The lease check each replica gave the workers it started last, by replica. */
    private final Map<String, LeaseCheck> checks = new ConcurrentHashMap<>();

    private final List<String> overlaps = new CopyOnWriteArrayList<>();
    private final List<ChainLeases> replicas = new ArrayList<>();

    @BeforeAll
    static void startBroker() throws Exception {
        broker = TestBroker.start(dir.resolve("kafka"));
        var topic = Topics.CHAIN_INDEXER_CHECKPOINTS;
        broker.createTopics(
                List.of(new NewTopic(topic.name(Deployment.DEFAULT), PARTITIONS, (short) 1).configs(topic.configs())));
    }

    @AfterAll
    static void stopBroker() {
        broker.close();
    }

    @AfterEach
    void closeReplicas() {
        replicas.forEach(ChainLeases::close);
    }

    @Test
    void shouldRunEachChainInExactlyOneReplicaWhenASecondReplicaJoins() throws Exception {
        // Given one replica, which holds both leases
        var first = replica("first");
        await().atMost(PATIENCE).until(() -> first.activeChains().equals(Set.of(CHAIN_A, CHAIN_B)));

        // When a second replica joins
        var second = replica("second");

        // Then one chain moves to it, the other stays put, and no chain ever ran in both
        await().atMost(PATIENCE)
                .until(() -> second.activeChains().size() == 1
                        && first.activeChains().size() == 1);
        await().during(Duration.ofSeconds(1))
                .atMost(PATIENCE)
                .until(() -> first.activeChains().size() == 1
                        && second.activeChains().size() == 1);
        assertThat(union(first, second)).containsExactlyInAnyOrder(CHAIN_A, CHAIN_B);
        assertThat(overlaps).isEmpty();
        // and each replica's lease check confirms its own chain and not the other's
        var mine = second.activeChains().iterator().next();
        var theirs = mine == CHAIN_A ? CHAIN_B : CHAIN_A;
        assertThat(checks.get("second").check(mine).get(30, TimeUnit.SECONDS)).isEqualTo(Answer.HELD);
        assertThat(checks.get("second").check(theirs).get(30, TimeUnit.SECONDS)).isEqualTo(Answer.LOST);
    }

    @Test
    void shouldMoveAReplicasChainsToAnotherWhenItCloses() {
        // Given two replicas sharing the chains
        var first = replica("first");
        await().atMost(PATIENCE).until(() -> first.activeChains().size() == 2);
        var second = replica("second");
        await().atMost(PATIENCE).until(() -> second.activeChains().size() == 1);

        // When the second closes (it leaves the group)
        long closing = System.nanoTime();
        second.close();

        // Then the first runs both again, without waiting for a session timeout
        await().atMost(PATIENCE)
                .pollInterval(Duration.ofMillis(20))
                .until(() -> first.activeChains().equals(Set.of(CHAIN_A, CHAIN_B)));
        var takeover = Duration.ofNanos(System.nanoTime() - closing);
        System.out.printf("leases: takeover after a close took %d ms%n", takeover.toMillis());
        assertThat(takeover).isLessThan(SESSION);
        assertThat(overlaps).isEmpty();
    }

    @Test
    void shouldMoveAVanishedReplicasChainsOnlyAfterTheSessionTimeout() {
        // Given two replicas, the second holding one of the chains
        var first = replica("first");
        await().atMost(PATIENCE).until(() -> first.activeChains().size() == 2);
        var second = replica("second");
        await().atMost(PATIENCE).until(() -> second.activeChains().size() == 1);

        // When the second vanishes without leaving the group (as a SIGKILL would)
        long vanished = System.nanoTime();
        second.closeWithoutLeaving();

        // Then its chain moves once the broker gives up on it: a session timeout, give or take a heartbeat
        await().atMost(PATIENCE)
                .pollInterval(Duration.ofMillis(20))
                .until(() -> first.activeChains().equals(Set.of(CHAIN_A, CHAIN_B)));
        var takeover = Duration.ofNanos(System.nanoTime() - vanished);
        System.out.printf(
                "leases: takeover after a crash took %d ms (session timeout %d ms)%n",
                takeover.toMillis(), SESSION.toMillis());
        assertThat(takeover).isBetween(SESSION.dividedBy(2), SESSION.multipliedBy(2));
        assertThat(overlaps).isEmpty();
    }

    @Test
    void shouldGiveARestartedReplicaTheLeasesOnceTheCrashedOnesSessionExpires() {
        // Given the only replica, which crashes without leaving the group
        var crashed = replica("crashed");
        await().atMost(PATIENCE).until(() -> crashed.activeChains().size() == 2);
        long vanished = System.nanoTime();
        crashed.closeWithoutLeaving();

        // When a new replica starts at once (a supervisor's restart)
        var restarted = replica("restarted");

        // Then it gets every lease after the dead member's session timeout, not after the group's rebalance timeout
        await().atMost(PATIENCE)
                .pollInterval(Duration.ofMillis(20))
                .until(() -> restarted.activeChains().equals(Set.of(CHAIN_A, CHAIN_B)));
        var takeover = Duration.ofNanos(System.nanoTime() - vanished);
        System.out.printf("leases: a restart after a crash ran the chains after %d ms%n", takeover.toMillis());
        assertThat(takeover).isLessThan(SESSION.multipliedBy(2));
        assertThat(overlaps).isEmpty();
    }

    @Test
    void shouldAnswerThatALeaseIsHeldOnlyWhileTheCoordinatorCountsTheMember() throws Exception {
        // Given the only replica, holding both leases, with a session long enough that it hears of nothing by itself
        // for the rest of the test (its heartbeats come a minute apart)
        var member = replica("member", Duration.ofMinutes(5));
        await().atMost(PATIENCE).until(() -> member.activeChains().equals(Set.of(CHAIN_A, CHAIN_B)));
        var check = checks.get("member");
        assertThat(check.check(CHAIN_A).get(30, TimeUnit.SECONDS)).isEqualTo(Answer.HELD);

        // When the group drops it while it runs on, as after a pause longer than its session
        try (var admin = broker.admin()) {
            admin.removeMembersFromConsumerGroup(
                            LeaseGroup.groupId(applicationId), new RemoveMembersFromConsumerGroupOptions())
                    .all()
                    .get(30, TimeUnit.SECONDS);
        }

        // Then its lease check says lost, though the member itself still runs both chains
        assertThat(member.activeChains()).containsExactlyInAnyOrder(CHAIN_A, CHAIN_B);
        assertThat(check.check(CHAIN_A).get(30, TimeUnit.SECONDS)).isEqualTo(Answer.LOST);
        // And the refused check itself makes it hear of it: it stops the chains and takes the leases again as a new
        // member, without waiting for its next heartbeat
        await().atMost(SESSION)
                .until(() -> check.check(CHAIN_A).get(30, TimeUnit.SECONDS) == Answer.HELD
                        && member.activeChains().equals(Set.of(CHAIN_A, CHAIN_B)));
        assertThat(overlaps).isEmpty();
    }

    private ChainLeases replica(String name) {
        return replica(name, SESSION);
    }

    private ChainLeases replica(String name, Duration session) {
        var config = new ChainIndexerSettings(
                broker.bootstrapServers(),
                applicationId,
                dir.resolve(name),
                Duration.ofMillis(30),
                ChainSettings.unconfigured(Mode.TEST),
                ChainSettings.unconfigured(Mode.LIVE),
                session,
                AutoSettlementSettings.DEFAULT_PENDING_VAULT_EVENT_RETENTION,
                KafkaClientSecurity.PLAINTEXT,
                Deployment.DEFAULT);
        var leases = ChainLeases.start(
                config, List.of(chain(CHAIN_A), chain(CHAIN_B)), new FakeWorkers(name), new SimpleMeterRegistry());
        replicas.add(leases);
        return leases;
    }

    private static Set<Long> union(ChainLeases first, ChainLeases second) {
        var all = new ArrayList<>(first.activeChains());
        all.addAll(second.activeChains());
        assertThat(all).doesNotHaveDuplicates();
        return Set.copyOf(all);
    }

    /** Workers that only record where they run; starting where another replica still runs them is an overlap. */
    private final class FakeWorkers implements ChainWorkers {

        private final String replica;

        FakeWorkers(String replica) {
            this.replica = replica;
        }

        @Override
        public RunningChain start(ChainSettings chain, LeaseCheck lease) {
            checks.put(replica, lease);
            var other = runningIn.putIfAbsent(chain.chainId(), replica);
            if (other != null) {
                overlaps.add("chain " + chain.chainId() + " started in " + replica + " while running in " + other);
            }
            return new RunningChain() {
                @Override
                public ChainStatus status() {
                    var running = new WorkerStatus(WorkerStatus.State.RUNNING, "", 0);
                    return new ChainStatus(chain.chainId(), running, running, 0);
                }

                @Override
                public void close() {
                    // A stop that takes a while, as a relayer's does: a lease handed on before it ended would show.
                    pause(Duration.ofMillis(300));
                    runningIn.remove(chain.chainId(), replica);
                }
            };
        }

        @Override
        public Duration closeBound(ChainSettings chain) {
            return Duration.ofSeconds(1);
        }
    }

    private static ChainSettings chain(long chainId) {
        return new ChainSettings(
                Mode.TEST,
                "chain " + chainId,
                chainId,
                List.of("http://127.0.0.1:9"),
                1,
                "0x" + "11".repeat(20),
                6,
                null,
                null,
                ChainSettings.TEST_FEE_CAPS,
                0L,
                Duration.ofSeconds(1),
                Duration.ofSeconds(5),
                false,
                null,
                ChainSettings.DEFAULT_USDT_DECIMALS);
    }

    private static long chainIdOn(int partition) {
        long chainId = 31_337;
        while (LeaseGroup.partitionOf(chainId, PARTITIONS) != partition) {
            chainId++;
        }
        return chainId;
    }

    private static void pause(Duration duration) {
        try {
            Thread.sleep(duration); // the fake's own slowness, not synchronisation
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
