package io.abk.billing.chain.supervise;

import io.abk.billing.chain.supervise.LeaseCheck.Answer;
import io.abk.billing.chain.supervise.WorkerStatus.State;
import java.time.Duration;
import java.util.Optional;
import java.util.function.Function;
import java.util.function.Supplier;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One of a held chain's workers (its follower or its relayer) under the chain's supervisor: started, watched, and,
 * once it stopped by itself, started again after its {@link RestartBackoff}, but only when the lease check says the
 * lease is held. A lost lease, or a stop that a new worker would meet again, leaves it stopped. Driven by the
 * supervisor's thread alone; {@link #status()} and {@link #current()} are read by others.
 */
final class SupervisedWorker<W extends AutoCloseable> {

    private static final Logger log = LoggerFactory.getLogger(SupervisedWorker.class);

    private final String name;
    private final long chainId;
    private final Supplier<W> starter;
    private final Function<W, Optional<WorkerStop>> stopOf;

    private volatile @Nullable W current;
    private volatile WorkerStatus status = new WorkerStatus(State.RESTARTING, "not started yet", 0);
    private RestartBackoff backoff = RestartBackoff.initial();
    private long startedAt;
    private long restartAt;
    private int restarts;

    /**
     * @param starter starts a new worker
     * @param stopOf  empty while the worker runs; why it stopped, once it did by itself
     */
    SupervisedWorker(String name, long chainId, Supplier<W> starter, Function<W, Optional<WorkerStop>> stopOf) {
        this.name = name;
        this.chainId = chainId;
        this.starter = starter;
        this.stopOf = stopOf;
    }

    WorkerStatus status() {
        return status;
    }

    /** The worker while it runs. */
    Optional<W> current() {
        return Optional.ofNullable(current);
    }

    /** Starts the worker; one that fails to start counts as a stop, and is tried again like one. */
    void start() {
        try {
            current = starter.get();
            startedAt = System.nanoTime();
            status = new WorkerStatus(State.RUNNING, "", restarts);
        } catch (RuntimeException e) {
            log.error("event=chain_worker_not_started chainId={} worker={} error={}", chainId, name, e.toString(), e);
            stopped(new WorkerStop("it could not start: " + e, false), Duration.ZERO);
        }
    }

    /**
     * One look: a worker found stopped is closed and waits for its restart (or stays stopped, when its stop lasts); a
     * worker whose restart is due starts again if {@code lease} answers that the lease is held here.
     */
    void tick(Supplier<Answer> lease) {
        var worker = current;
        if (worker != null) {
            var stop = stopOf.apply(worker);
            if (stop.isPresent()) {
                current = null;
                closeQuietly(worker);
                stopped(stop.get(), Duration.ofNanos(System.nanoTime() - startedAt));
            }
            return;
        }
        if (status.state() != State.RESTARTING || System.nanoTime() - restartAt < 0) {
            return;
        }
        switch (lease.get()) {
            case HELD -> {
                restarts++;
                log.info("event=chain_worker_restarting chainId={} worker={} restarts={}", chainId, name, restarts);
                start();
            }
            case LOST -> {
                // Its replica lost the lease: a new worker would fence the holder's (the follower) or relay beside it
                // (the relayer). The lease thread stops the chain here as soon as it hears of the loss itself.
                status = new WorkerStatus(
                        State.STOPPED, "the lease is no longer held here (" + status.detail() + ")", restarts);
                log.warn("event=chain_worker_not_restarted chainId={} worker={} reason=lease_lost", chainId, name);
            }
            case UNKNOWN -> {
                backoff = backoff.afterUnknownLease();
                restartAt = System.nanoTime() + backoff.delay().toNanos();
                log.warn(
                        "event=chain_lease_unconfirmed chainId={} worker={} retryInMs={}",
                        chainId,
                        name,
                        backoff.delay().toMillis());
            }
        }
    }

    private void stopped(WorkerStop stop, Duration ran) {
        if (stop.lasting()) {
            status = new WorkerStatus(State.STOPPED, stop.reason(), restarts);
            log.error(
                    "event=chain_worker_stopped chainId={} worker={} lasting=true reason=\"{}\"",
                    chainId,
                    name,
                    stop.reason());
            return;
        }
        backoff = backoff.afterStop(ran);
        restartAt = System.nanoTime() + backoff.delay().toNanos();
        status = new WorkerStatus(State.RESTARTING, stop.reason(), restarts);
        log.warn(
                "event=chain_worker_stopped chainId={} worker={} lasting=false ranMs={} restartInMs={} reason=\"{}\"",
                chainId,
                name,
                ran.toMillis(),
                backoff.delay().toMillis(),
                stop.reason());
    }

    /** Stops the worker if it runs; returns once it has stopped. */
    void close() {
        var worker = current;
        current = null;
        if (worker != null) {
            closeQuietly(worker);
        }
    }

    private void closeQuietly(W worker) {
        try {
            worker.close();
        } catch (Exception e) {
            log.warn("event=chain_worker_close_failed chainId={} worker={} error={}", chainId, name, e.toString(), e);
        }
    }
}
