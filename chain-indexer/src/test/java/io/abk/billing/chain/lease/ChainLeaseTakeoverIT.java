package io.abk.billing.chain.lease;

import static io.abk.billing.chain.lease.LeaseTopics.hashes;
import static io.abk.billing.chain.lease.LeaseTopics.members;
import static io.abk.billing.chain.lease.LeaseTopics.resultOf;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.abk.billing.chain.ChainIndexerApp;
import io.abk.billing.chain.ChainIndexerSettings;
import io.abk.billing.chain.follow.TransferLog;
import io.abk.billing.chain.lease.LeaseTopics.Committed;
import io.abk.billing.chain.relay.Relayer;
import io.abk.billing.chain.relay.RelayerHarness;
import io.abk.billing.kafkatestkit.ChildJvm;
import io.abk.billing.kafkatestkit.TestBroker;
import io.abk.billing.schemas.avro.ChainResult;
import io.abk.billing.schemas.avro.Executed;
import io.abk.billing.schemas.avro.TokenTransfer;
import io.abk.billing.schemas.avro.VaultCharged;
import io.abk.billing.schemas.avro.VaultSubscribed;
import io.abk.billing.schemas.topic.Topics;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The real relayer and follower under their lease, on a real anvil and a real broker: chain-indexer runs whole in a
 * child JVM (from its {@code main}), a second replica's leases run in this JVM, and the child, holder of the chain's
 * lease, is killed (SIGKILL: it never leaves the group). The protection against two relayers sharing a key and a
 * fenced follower never coming back: the second replica runs neither until the child is gone, then both, and
 * downstream (read_committed) sees every log once and every invoice charged once.
 */
class ChainLeaseTakeoverIT {

    private static final Duration PATIENCE = LeaseTopics.PATIENCE;
    /** The broker's minimum: the child's chain moves 6 s after the kill. */
    private static final Duration SESSION = Duration.ofSeconds(6);

    private static final String APPLICATION_ID = ChainIndexerSettings.DEFAULT_APPLICATION_ID;

    @TempDir
    Path dir;

    @Test
    void shouldMoveTheRelayerAndFollowerOnlyOnceTheirKilledReplicaIsGoneAndPublishNothingTwice() throws Exception {
        try (var broker = TestBroker.start(dir.resolve("kafka"));
                var chain = new LeasedChain()) {
            // One lease partition: the replica that joins second finds it owned and, the assignment being sticky,
            // leaves it with the child, so the test knows which replica to kill.
            LeaseTopics.create(broker, 1);
            TransferLog.watch(broker, LeasedChain.PAYEE);
            var node = chain.node;
            try (var transfers = new Committed<>(broker, Topics.CHAIN_TRANSFERS);
                    var results = new Committed<>(broker, Topics.CHAIN_RESULTS);
                    var requests = RelayerHarness.requests(broker)) {
                // Given chain-indexer in a child JVM, alone: it holds the chain's lease and runs both workers
                var child = ChildJvm.start(
                        ChainIndexerApp.class,
                        chain.env(broker, dir.resolve("child"), SESSION),
                        Path.of("target/chain-lease-takeover-it-child.log"));
                try {
                    var first = chain.pay(1_000_000);
                    await().atMost(PATIENCE).until(() -> hashes(transfers).contains(first));
                    var subscription = chain.subscribe();
                    var charge = LeaseTopics.charge(subscription);
                    LeaseTopics.send(requests, charge);
                    var charged = executed(resultOf(results, charge.getRequestId(), 1, chain.node));

                    // And a second replica here, which gets no lease: the child keeps the only lease partition
                    var config = ChainIndexerSettings.fromEnv(chain.env(broker, dir.resolve("second"), SESSION));
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
                        var another = LeaseTopics.charge(chain.subscribe());
                        LeaseTopics.send(requests, another);
                        var chargedAfter = executed(resultOf(results, another.getRequestId(), 1, chain.node));
                        System.out.printf(
                                "leases: the new relayer answered its first charge %d ms after the kill%n",
                                Duration.ofNanos(System.nanoTime() - killed).toMillis());
                        LeaseTopics.send(requests, charge);
                        assertThat(executed(resultOf(results, charge.getRequestId(), 2, chain.node)))
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

    private static String executed(ChainResult result) {
        assertThat(result.getOutcome()).isInstanceOf(Executed.class);
        return ((Executed) result.getOutcome()).getTxHash();
    }
}
