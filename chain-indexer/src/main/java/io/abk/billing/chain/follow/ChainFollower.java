package io.abk.billing.chain.follow;

import io.abk.billing.chain.worker.WorkerThreads;
import io.abk.billing.chainrpc.RpcBudget;
import io.abk.billing.chainrpc.RpcException;
import io.abk.billing.opskit.kafka.KafkaClientSecurity;
import io.abk.billing.schemas.topic.Deployment;
import io.abk.billing.schemas.topic.Topics;
import java.time.Duration;
import java.util.Optional;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.apache.kafka.common.KafkaException;
import org.apache.kafka.common.errors.InvalidProducerEpochException;
import org.apache.kafka.common.errors.ProducerFencedException;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Follows one chain on its own thread, one look at a time ({@link FollowerSteps}): each reads the head, then the next
 * range of confirmed blocks, checks them against the window and publishes the range's selected logs to
 * {@code chain.transfers} together with the new cursor in one Kafka transaction. A parent-hash mismatch (or a tip
 * that is no longer canonical) is a reorg: the follower finds the fork point, retracts what it published above it and
 * reads on from there. A reorg older than the window stops the follower for good, with a clear message.
 *
 * <p>A new follower fences every earlier instance ({@code transactional.id} per chain and deployment: another
 * deployment's follower of the same chain on the same cluster is never fenced), reads its checkpoint topic to
 * the end and goes on where the last committed transaction left it, so no log is skipped or repeated. It opens its
 * producer once: a follower whose publishing fails (fenced, or any other Kafka error) stops and says why
 * ({@link #stop()}), and a new one is started only by its supervisor, once the chain's lease is confirmed held, so a
 * follower of a replica that lost the lease never fences the holder's.
 */
public final class ChainFollower implements AutoCloseable {

    private static final Logger log = LoggerFactory.getLogger(ChainFollower.class);
    /** The watch list is small and compacted: a minute covers a slow broker at start. */
    private static final Duration WATCH_LIST_PATIENCE = Duration.ofSeconds(60);
    /** A step is a few RPC calls and one transaction: 15 s is several times a slow one. */
    private static final Duration CLOSE_PATIENCE = Duration.ofSeconds(15);
    /** The longest {@link #close()} takes: the step in progress, the interrupted one, then its watch-list reader. */
    public static final Duration CLOSE_BOUND = CLOSE_PATIENCE.multipliedBy(2).plus(WatchedAddresses.CLOSE_PATIENCE);

    private final FollowerSettings settings;
    private final String bootstrapServers;
    private final KafkaClientSecurity security;
    private final Deployment deployment;
    private final WatchedAddresses watched;
    private final boolean ownsWatched;
    private final RpcBudget budget;
    private final Thread thread;
    /** Counted down by close(): cuts the wait between polls short. */
    private final CountDownLatch closing = new CountDownLatch(1);

    private volatile boolean running;
    private volatile @Nullable FollowerStop stop;
    /** Set once the producer is open and the checkpoint loaded. */
    private volatile @Nullable FollowerSteps steps;

    private @Nullable FollowerProducer producer;

    ChainFollower(
            FollowerSettings settings,
            String bootstrapServers,
            WatchedAddresses watched,
            boolean ownsWatched,
            RpcBudget budget) {
        this(
                settings,
                bootstrapServers,
                KafkaClientSecurity.PLAINTEXT,
                Deployment.DEFAULT,
                watched,
                ownsWatched,
                budget);
    }

    ChainFollower(
            FollowerSettings settings,
            String bootstrapServers,
            KafkaClientSecurity security,
            Deployment deployment,
            WatchedAddresses watched,
            boolean ownsWatched,
            RpcBudget budget) {
        var usdtWatchList = Topics.USDT_WATCHED_ADDRESSES.name(deployment);
        if (settings.usdt() != null && !watched.topics().contains(usdtWatchList)) {
            throw new IllegalArgumentException("chain " + settings.chainId() + " follows USDT, but its watch list does"
                    + " not read " + usdtWatchList);
        }
        this.settings = settings;
        this.bootstrapServers = bootstrapServers;
        this.security = security;
        this.deployment = deployment;
        this.watched = watched;
        this.ownsWatched = ownsWatched;
        this.budget = budget;
        this.thread =
                Thread.ofPlatform().name("chain-follower-" + settings.chainId()).unstarted(this::run);
    }

    /**
     * A follower of one chain with its own watch-list reader (of the USDT pay-to addresses too when it follows USDT);
     * {@link #start()} it.
     */
    public static ChainFollower create(FollowerSettings settings, String bootstrapServers) {
        return create(settings, bootstrapServers, KafkaClientSecurity.PLAINTEXT, Deployment.DEFAULT);
    }

    /**
     * As {@link #create(FollowerSettings, String)}, its Kafka clients connecting with {@code security} and naming
     * everything as {@code deployment} does (its topics, transactional id and client ids).
     */
    public static ChainFollower create(
            FollowerSettings settings, String bootstrapServers, KafkaClientSecurity security, Deployment deployment) {
        var watched = WatchedAddresses.start(
                bootstrapServers,
                security,
                deployment,
                deployment.name("chain-indexer-watched-" + settings.chainId()),
                settings.usdt() != null);
        return new ChainFollower(settings, bootstrapServers, security, deployment, watched, true, RpcBudget.FOLLOWER);
    }

    /** A follower that shares {@code watched} with others (it does not close it). */
    public static ChainFollower create(FollowerSettings settings, String bootstrapServers, WatchedAddresses watched) {
        return new ChainFollower(settings, bootstrapServers, watched, false, RpcBudget.FOLLOWER);
    }

    public void start() {
        running = true;
        thread.start();
    }

    public long chainId() {
        return settings.chainId();
    }

    /** Whether the follower is still following (false once closed or stopped by itself). */
    public boolean isRunning() {
        return running;
    }

    /** Why the follower stopped by itself, if it did (a closed follower did not). */
    public Optional<FollowerStop> stop() {
        return Optional.ofNullable(stop);
    }

    /** The reason of {@link #stop()}. */
    public Optional<String> failure() {
        return stop().map(FollowerStop::reason);
    }

    /** The next block to read after the last committed transaction; -1 until the checkpoint is loaded. */
    public long nextBlock() {
        var current = steps;
        return current == null ? -1 : current.nextBlock();
    }

    /**
     * The chain's head as last read minus the next block to publish: how far behind the follower is, the confirmation
     * depth included (a follower that is caught up lags by its depth minus one); 0 until both are known.
     */
    public long lagBlocks() {
        var current = steps;
        if (current == null || current.head() < 0) {
            return 0;
        }
        return Math.max(0, current.head() - current.nextBlock());
    }

    private void run() {
        try (var rpc = FollowerRpc.connect(settings.chainId(), settings.rpcUrls(), budget)) {
            if (!watched.awaitLoaded(WATCH_LIST_PATIENCE)) {
                throw new FollowerStopped("the watch list (" + String.join(", ", watched.topics())
                        + ") did not load within " + WATCH_LIST_PATIENCE);
            }
            var looks = open();
            log.info(
                    "event=follower_started chainId={} mode={} nextBlock={} window={} confirmations={} usdt={}",
                    settings.chainId(),
                    settings.mode().label(),
                    looks.nextBlock(),
                    looks.state().window(),
                    settings.confirmations(),
                    settings.usdt() == null ? "none" : settings.usdt().address());
            while (running) {
                boolean moved;
                try {
                    moved = looks.step(rpc);
                } catch (RpcException e) {
                    if (!running) {
                        break;
                    }
                    log.warn("event=rpc_unavailable chainId={} error={}", settings.chainId(), e.getMessage());
                    moved = false;
                } catch (ProducerFencedException | InvalidProducerEpochException e) {
                    throw new FollowerStopped("another follower of chain " + settings.chainId()
                            + " took over (same transactional.id): this one stops");
                } catch (KafkaException e) {
                    if (!running) {
                        break;
                    }
                    // A takeover racing this follower's commit can also end here (the broker may answer that EndTxn
                    // with UNKNOWN_SERVER_ERROR rather than PRODUCER_FENCED); the transaction is aborted either way.
                    // Opening a new producer here would fence whichever follower holds the chain now: stop, and let
                    // the supervisor start a new one from the checkpoint once it knows this replica holds the lease.
                    throw new FollowerStopped("publishing failed: " + e);
                }
                if (!moved && running) {
                    // Caught up (or the node is briefly unusable): a plain wait, cut short by close().
                    closing.await(settings.pollInterval().toMillis(), TimeUnit.MILLISECONDS);
                }
            }
        } catch (FollowerStopped e) {
            stop = e.stop();
            log.error(
                    "event=follower_stopped chainId={} lasting={} reason=\"{}\"",
                    settings.chainId(),
                    e.stop().lasting(),
                    e.getMessage());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (RuntimeException e) {
            if (running) {
                stop = new FollowerStop(e.toString(), false);
                log.error("event=follower_failed chainId={} error={}", settings.chainId(), e.toString(), e);
            }
        } finally {
            closeProducer();
            running = false;
        }
    }

    /** The producer (fencing any earlier one), then the state of the last committed transaction; once per follower. */
    private FollowerSteps open() {
        var opened = FollowerProducer.open(bootstrapServers, security, deployment, settings.chainId());
        producer = opened;
        var checkpoints = new Checkpoints(deployment);
        var state = checkpoints.load(
                bootstrapServers, security, settings.chainId(), settings.startBlock(), settings.windowSize());
        var started = new FollowerSteps(settings, watched, opened, checkpoints, state);
        steps = started;
        return started;
    }

    private void closeProducer() {
        var current = producer;
        producer = null;
        if (current != null) {
            current.close();
        }
    }

    /**
     * Stops the loop after the step in progress (its transaction commits) and waits for it; a step stuck longer than
     * {@link #CLOSE_PATIENCE} is interrupted, and its open transaction is aborted by the next instance.
     */
    @Override
    public void close() {
        running = false;
        closing.countDown();
        WorkerThreads.stop(thread, CLOSE_PATIENCE);
        if (ownsWatched) {
            watched.close();
        }
    }
}
