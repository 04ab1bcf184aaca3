package io.abk.billing.chain.lease;

import io.abk.billing.chain.ChainIndexerSettings;
import io.abk.billing.chain.config.ChainSettings;
import io.abk.billing.chain.supervise.ChainMeters;
import io.abk.billing.chain.supervise.ChainStatus;
import io.abk.billing.chain.supervise.ChainSupervisor;
import io.abk.billing.opskit.http.Health;
import io.abk.billing.schemas.mode.Mode;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Metrics;
import java.time.Duration;
import java.util.Arrays;
import java.util.Collection;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import org.apache.kafka.clients.consumer.CloseOptions;
import org.apache.kafka.clients.consumer.ConsumerRebalanceListener;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.errors.TimeoutException;
import org.apache.kafka.common.errors.WakeupException;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Runs each configured chain's workers (its relayer and its follower, {@link ChainWorkers}) in exactly one
 * chain-indexer replica at a time, with Kafka's group membership as the lease: the way Kafka Connect and Schema
 * Registry elect their leader through the group protocol, not with a lock of their own.
 *
 * <p>Every replica runs one plain consumer in group {@code <applicationId>-chain-workers}, subscribed to
 * {@code chain.indexer-checkpoints} with every partition paused: it reads nothing, and its short poll only keeps it a
 * member and runs the rebalance callbacks. A chain's lease is the partition its key {@code <chainId>} maps to, which is
 * the partition that holds the chain's cursor: every replica computes the same partition from the chain id alone,
 * whatever order or set of chains it is configured with, and two chains spread over the partitions like any keys.
 * That partition count must never change (the cursors, keyed into their partitions, already forbid it). The replica
 * assigned a chain's partition starts the chain's workers; a revoked or lost partition stops them.
 *
 * <p>Why two replicas never run a chain's workers at once. The group uses the classic protocol with the
 * cooperative-sticky assignor alone. A partition that changes owner is first taken from its owner only: in that
 * rebalance the assignor gives it to nobody, since it never hands a member a partition that another member still
 * owns. The owner runs {@code onPartitionsRevoked} in its poll thread, which stops the chain's workers and returns
 * once they have stopped, and only then rejoins; the partition goes to its new owner in the rebalance that this rejoin
 * starts. An owner that does not rejoin loses its partitions only when the coordinator drops it: after the session
 * timeout if it died (its workers died with it), or after {@code max.poll.interval.ms} if its poll thread is held up,
 * which is why that interval is set above the longest the workers of every chain may take to stop. Closing stops
 * every worker here first and leaves the group after. Being sticky, a replica joining or leaving moves only the leases
 * it must; the other chains keep running untouched. (The eager protocol would be as safe, but it stops every chain at
 * every rebalance; the consumer protocol of KIP-848 orders revocation the same way, but its session timeout is the
 * broker's, 45 s by default, not ours to set.)
 *
 * <p>A zombie, a replica dropped from the group while it still runs (a GC pause, a frozen VM or a network cut longer
 * than the session timeout), runs its workers until its consumer hears that it is no longer a member and calls
 * {@code onPartitionsLost}; meanwhile the new holder runs them too. It still cannot publish twice: the new holder's
 * follower opened its producer under the chain's transactional id ({@code chain-indexer-follower-<chainId>}), which
 * fenced the zombie's, so the zombie's next commit fails and its open transaction is aborted. Nor can it stop the
 * holder: a worker never opens its Kafka clients again by itself, and its {@link ChainSupervisor} starts a stopped one
 * again only after a lease check ({@link LeaseChecks}) in which the coordinator confirms this member's generation, so
 * the zombie's follower never fences the holder's; a holder whose follower was fenced anyway starts a new one. The
 * zombie's relayer stops as soon as its consumer hears it was dropped from its own group, instead of rejoining it and
 * making the holder's relayer rebalance; what it sent meanwhile is held by the vault, which executes each invoice's
 * charge id and each refund id once whoever sends it, and of two transactions with one nonce the node mines one (the
 * other relayer's nonce manager reads the account's pending count again). docs/architecture.md, "How it scales" and
 * "Keeping a held chain followed", tells the story.
 */
public final class ChainLeases implements AutoCloseable {

    private static final Logger log = LoggerFactory.getLogger(ChainLeases.class);
    /** The poll answers rebalances and close(); with every partition paused it costs no fetch. */
    private static final Duration POLL = Duration.ofMillis(200);

    private static final Duration TOPIC_RETRY = Duration.ofSeconds(1);
    /**
     * Over the workers' own bound, which a stop keeps to seconds whatever the relayer has in flight: a callback that
     * overran the poll interval would let the lease move under running workers.
     */
    private static final Duration CALLBACK_MARGIN = Duration.ofSeconds(10);
    /** Leaving the group after the workers stopped is one request. */
    private static final Duration CONSUMER_CLOSE_TIMEOUT = Duration.ofSeconds(10);

    private final String groupId;
    private final String topic;
    private final List<ChainSettings> chains;
    private final Duration maxPollInterval;
    private final KafkaConsumer<byte[], byte[]> consumer;
    private final Thread thread;
    private final CountDownLatch closing = new CountDownLatch(1);
    private final AtomicBoolean closed = new AtomicBoolean();
    private final HeldChains held;
    private final LeaseChecks checks;
    private final ChainMeters meters;
    /** The lease partitions this member owns. Poll thread only. */
    private final Set<Integer> owned = new HashSet<>();

    private volatile boolean open = true;
    private volatile boolean leaveOnClose = true;
    /** The lease topic's partition count, read once before subscribing. Poll thread only. */
    private int partitions;

    private ChainLeases(
            ChainIndexerSettings config, List<ChainSettings> chains, ChainWorkers workers, MeterRegistry registry) {
        this.groupId = LeaseGroup.groupId(config.applicationId());
        this.topic = LeaseGroup.topic(config.deployment());
        this.checks = new LeaseChecks(groupId, topic);
        this.held = new HeldChains(groupId, workers, checks::ask);
        this.chains = List.copyOf(chains);
        this.maxPollInterval = chains.stream().map(workers::closeBound).reduce(CALLBACK_MARGIN, Duration::plus);
        this.consumer = new KafkaConsumer<>(
                config.kafkaSecurity().with(LeaseGroup.consumerProperties(config, groupId, maxPollInterval)),
                new ByteArrayDeserializer(),
                new ByteArrayDeserializer());
        this.thread = Thread.ofPlatform().name(groupId).unstarted(this::run);
        this.meters = ChainMeters.register(
                registry, chains.stream().map(ChainSettings::chainId).toList(), this::status);
    }

    /**
     * Joins the lease group and runs the relayer and follower of each configured chain whose lease this replica gets;
     * empty, running nothing, when no chain is configured. The chains' gauges ({@link ChainMeters}) go to
     * Micrometer's global registry, which the service's process exports.
     */
    public static Optional<ChainLeases> start(ChainIndexerSettings config) {
        var chains = configured(config);
        if (chains.isEmpty()) {
            return Optional.empty();
        }
        return Optional.of(start(config, chains, RelayerAndFollower.of(config, chains), Metrics.globalRegistry));
    }

    /** Leases for {@code chains} (distinct chain ids) whose workers {@code workers} starts, gauges in {@code registry}. */
    static ChainLeases start(
            ChainIndexerSettings config, List<ChainSettings> chains, ChainWorkers workers, MeterRegistry registry) {
        if (chains.stream().map(ChainSettings::chainId).distinct().count() != chains.size()) {
            throw new IllegalArgumentException("each chain may be leased once: chain ids must be distinct");
        }
        var leases = new ChainLeases(config, chains, workers, registry);
        leases.thread.start();
        log.info(
                "event=chain_leases_started groupId={} topic={} chains={} sessionTimeoutMs={} maxPollIntervalMs={}",
                leases.groupId,
                leases.topic,
                chains.stream().map(ChainSettings::chainId).toList(),
                config.leaseSessionTimeout().toMillis(),
                leases.maxPollInterval.toMillis());
        return leases;
    }

    /** The ids of the chains whose workers run in this replica now. */
    public Set<Long> activeChains() {
        return held.ids();
    }

    /** What runs of {@code chainId} here; empty while its lease is not held here. */
    public Optional<ChainStatus> status(long chainId) {
        return held.status(chainId);
    }

    /**
     * A health component per chain whose lease is held here ({@link ChainStatus#componentName}): up while its follower
     * and relayer run, down with the reason while one is restarting or stopped.
     */
    public Map<String, Health> health() {
        return held.health();
    }

    private static List<ChainSettings> configured(ChainIndexerSettings config) {
        return Arrays.stream(Mode.values())
                .map(config::chain)
                .filter(ChainSettings::configured)
                .toList();
    }

    private void run() {
        try {
            if (!awaitTopic()) {
                return;
            }
            consumer.subscribe(List.of(topic), new Leases());
            while (open) {
                // Nothing comes back: every partition is paused as soon as it is assigned.
                consumer.poll(POLL);
                checks.answerAll(consumer, owned::contains, chainId -> LeaseGroup.partitionOf(chainId, partitions));
            }
        } catch (WakeupException closed) {
            // close() woke the poll up
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (RuntimeException e) {
            log.error(
                    "event=chain_leases_failed groupId={} error={} action=release_every_lease",
                    groupId,
                    e.toString(),
                    e);
        } finally {
            // The workers stop before the consumer closes, so the leases are still this member's while they stop,
            // and the close's own timeout is left for leaving the group.
            checks.abandon();
            held.stopAll(leaveOnClose ? "closed" : "abandoned");
            closeConsumer();
        }
    }

    /** Waits until the lease topic exists (the app creates no topic) and reads its partition count. */
    private boolean awaitTopic() throws InterruptedException {
        while (open) {
            try {
                var infos = consumer.partitionsFor(topic);
                if (infos != null && !infos.isEmpty()) {
                    partitions = infos.size();
                    return true;
                }
                log.warn("event=chain_lease_topic_missing topic={} retryMs={}", topic, TOPIC_RETRY.toMillis());
            } catch (TimeoutException e) {
                log.warn("event=chain_lease_topic_unreachable topic={} error={}", topic, e.toString());
            }
            closing.await(TOPIC_RETRY.toMillis(), TimeUnit.MILLISECONDS);
        }
        return false;
    }

    /** The rebalance callbacks: they run in the poll thread, inside {@code poll()} or {@code close()}. */
    private final class Leases implements ConsumerRebalanceListener {

        @Override
        public void onPartitionsAssigned(Collection<TopicPartition> assigned) {
            consumer.pause(assigned);
            for (var partition : assigned) {
                if (partition.partition() >= partitions) {
                    log.error(
                            "event=chain_lease_topic_resized topic={} partitionsAtStart={} assigned={} "
                                    + "action=restart_every_replica",
                            topic,
                            partitions,
                            partition.partition());
                }
                owned.add(partition.partition());
            }
            for (var chain : chains) {
                if (!held.runs(chain.chainId()) && holds(chain)) {
                    held.start(chain, LeaseGroup.partitionOf(chain.chainId(), partitions));
                }
            }
        }

        @Override
        public void onPartitionsRevoked(Collection<TopicPartition> revoked) {
            release(revoked, "revoked");
        }

        @Override
        public void onPartitionsLost(Collection<TopicPartition> lost) {
            // The group already gave these to others: stop at once, the followers' fencing covers the overlap.
            release(lost, "lost");
        }
    }

    private void release(Collection<TopicPartition> released, String how) {
        released.forEach(partition -> owned.remove(partition.partition()));
        for (var chain : chains) {
            if (held.runs(chain.chainId()) && !holds(chain)) {
                held.stop(chain.chainId(), how);
            }
        }
    }

    private boolean holds(ChainSettings chain) {
        return owned.contains(LeaseGroup.partitionOf(chain.chainId(), partitions));
    }

    /** Leaves the group, so the leases move at once; or stays in it, as a crash would. */
    private void closeConsumer() {
        var membership = leaveOnClose
                ? CloseOptions.GroupMembershipOperation.LEAVE_GROUP
                : CloseOptions.GroupMembershipOperation.REMAIN_IN_GROUP;
        try {
            consumer.close(CloseOptions.timeout(CONSUMER_CLOSE_TIMEOUT).withGroupMembershipOperation(membership));
        } catch (RuntimeException e) {
            log.warn("event=chain_leases_close_failed groupId={} error={}", groupId, e.toString(), e);
        }
    }

    /** Stops every chain's workers held here, then leaves the group, so another replica takes them over at once. */
    @Override
    public void close() {
        if (!closed.compareAndSet(false, true)) {
            return;
        }
        open = false;
        closing.countDown();
        consumer.wakeup();
        try {
            if (!thread.join(maxPollInterval)) {
                log.warn(
                        "event=chain_leases_close_timeout groupId={} timeoutMs={}",
                        groupId,
                        maxPollInterval.toMillis());
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (IllegalThreadStateException e) {
            // never started
        }
        meters.close();
        log.info("event=chain_leases_closed groupId={}", groupId);
    }

    /**
     * What a crash looks like to the group, for tests: the workers stop at once and the consumer closes without
     * leaving, so the other replicas take the leases over only once the session timeout has passed.
     */
    void closeWithoutLeaving() {
        leaveOnClose = false;
        close();
    }
}
