package io.abk.billing.chain.supervise;

import io.abk.billing.chain.config.ChainSettings;
import io.abk.billing.chain.follow.ChainFollower;
import io.abk.billing.chain.relay.Relayer;
import io.abk.billing.chain.supervise.LeaseCheck.Answer;
import java.time.Duration;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.Supplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Keeps a held chain's follower and relayer running, on a thread of its own, for as long as the chain's lease is held
 * here: it starts both, looks at them every {@link #TICK}, and starts one that stopped by itself again after its
 * backoff, once the lease check confirms with the group coordinator that this replica still holds the lease (the
 * follower from the committed checkpoint, the relayer from its group's committed offsets). A replica that lost the
 * lease while it stood still (a zombie) therefore never starts a worker that would fence or duplicate the holder's.
 * docs/architecture.md, "Keeping a held chain followed", tells the whole story.
 */
public final class ChainSupervisor implements RunningChain {

    private static final Logger log = LoggerFactory.getLogger(ChainSupervisor.class);
    /** A stop is seen within a fifth of a second; a look reads two fields. */
    static final Duration TICK = Duration.ofMillis(200);
    /**
     * The lease thread answers between its polls, but it may be stopping another chain's workers in a rebalance
     * callback first; past this the answer counts as unknown and is asked again after the backoff.
     */
    static final Duration LEASE_ANSWER_PATIENCE = Duration.ofSeconds(10);
    /** The supervisor's own share of a close: its thread sees the close within a tick. */
    public static final Duration CLOSE_MARGIN = Duration.ofSeconds(1);

    private final ChainSettings chain;
    private final LeaseCheck lease;
    private final SupervisedWorker<ChainFollower> follower;
    private final SupervisedWorker<Relayer> relayer;
    private final Duration closeBound;
    private final Thread thread;
    private final CountDownLatch closing = new CountDownLatch(1);
    private final CompletableFuture<Answer> closed = new CompletableFuture<>();

    private ChainSupervisor(
            ChainSettings chain,
            LeaseCheck lease,
            Supplier<ChainFollower> followers,
            Supplier<Relayer> relayers,
            Duration closeBound) {
        this.chain = chain;
        this.lease = lease;
        this.closeBound = closeBound;
        this.follower = new SupervisedWorker<>("follower", chain.chainId(), followers, ChainSupervisor::stopOf);
        this.relayer = new SupervisedWorker<>("relayer", chain.chainId(), relayers, ChainSupervisor::stopOf);
        this.thread =
                Thread.ofPlatform().name("chain-supervisor-" + chain.chainId()).unstarted(this::run);
    }

    /**
     * Starts {@code chain}'s relayer and follower now, in the caller's thread (the lease's, which was just assigned
     * the lease), and watches them from then on.
     *
     * @param followers starts a new follower of the chain
     * @param relayers  starts a new relayer of the chain
     * @param closeBound the longest closing both may take
     */
    public static ChainSupervisor start(
            ChainSettings chain,
            LeaseCheck lease,
            Supplier<ChainFollower> followers,
            Supplier<Relayer> relayers,
            Duration closeBound) {
        var supervisor = new ChainSupervisor(chain, lease, followers, relayers, closeBound);
        supervisor.relayer.start();
        supervisor.follower.start();
        supervisor.thread.start();
        return supervisor;
    }

    @Override
    public ChainStatus status() {
        return new ChainStatus(
                chain.chainId(),
                follower.status(),
                relayer.status(),
                follower.current().map(ChainFollower::lagBlocks).orElse(0L));
    }

    private void run() {
        try {
            while (!closing.await(TICK.toMillis(), TimeUnit.MILLISECONDS)) {
                relayer.tick(this::leaseAnswer);
                follower.tick(this::leaseAnswer);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (RuntimeException e) {
            // A bug of the supervisor itself: the chain's workers must not go on unwatched.
            log.error("event=chain_supervisor_failed chainId={} error={}", chain.chainId(), e.toString(), e);
        } finally {
            follower.close();
            relayer.close();
        }
    }

    /** The coordinator's answer, or unknown if none comes within {@link #LEASE_ANSWER_PATIENCE} or on close. */
    private Answer leaseAnswer() {
        try {
            var answer = CompletableFuture.anyOf(lease.check(chain.chainId()), closed)
                    .get(LEASE_ANSWER_PATIENCE.toMillis(), TimeUnit.MILLISECONDS);
            return answer instanceof Answer known ? known : Answer.UNKNOWN;
        } catch (TimeoutException | ExecutionException e) {
            return Answer.UNKNOWN;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return Answer.UNKNOWN;
        }
    }

    /** Stops the follower, then the relayer, and returns once both have stopped (within the bound given at start). */
    @Override
    public void close() {
        closed.complete(Answer.UNKNOWN);
        closing.countDown();
        try {
            if (!thread.join(closeBound.plus(CLOSE_MARGIN))) {
                log.warn(
                        "event=chain_supervisor_close_timeout chainId={} timeoutMs={}",
                        chain.chainId(),
                        closeBound.plus(CLOSE_MARGIN).toMillis());
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private static Optional<WorkerStop> stopOf(ChainFollower follower) {
        if (follower.isRunning()) {
            return Optional.empty();
        }
        return Optional.of(follower.stop()
                .map(stop -> new WorkerStop(stop.reason(), stop.lasting()))
                .orElseGet(() -> new WorkerStop("it ended without saying why", false)));
    }

    private static Optional<WorkerStop> stopOf(Relayer relayer) {
        if (relayer.isRunning()) {
            return Optional.empty();
        }
        return Optional.of(new WorkerStop(relayer.failure().orElse("it ended without saying why"), false));
    }

    @Override
    public String toString() {
        return "ChainSupervisor[chainId=" + chain.chainId() + "]";
    }
}
