package io.abk.billing.localstack.processes;

import java.time.Duration;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executors;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Starts a service process again when it exits by itself, as Compose's {@code restart: unless-stopped} does for a
 * container: after {@link #FIRST_DELAY}, doubling with each exit in a row up to {@link #MAX_DELAY}, logging the exit
 * status and the tail of the process's log each time. A process is supervised once it has been ready (one that never
 * was fails the stack's start instead, naming why); one stopped on purpose ({@link ServiceProcess#kill()},
 * {@link ServiceProcess#stop}, the stack closing) stays stopped.
 */
final class ProcessSupervisor implements AutoCloseable {

    /** The first restart's delay: long enough not to spin on a process that dies at once. */
    static final Duration FIRST_DELAY = Duration.ofSeconds(1);
    /** The longest delay: a process that keeps dying is tried twice a minute, and its log says why each time. */
    static final Duration MAX_DELAY = Duration.ofSeconds(30);
    /** A process that ran this long before it exited had a real run: its next restart waits {@link #FIRST_DELAY}. */
    static final Duration STEADY_RUN = MAX_DELAY;
    /** Lines of the process's log quoted with its exit. */
    static final int TAIL_LINES = 30;

    private static final Logger log = LoggerFactory.getLogger(ProcessSupervisor.class);

    private final ScheduledExecutorService restarts = Executors.newSingleThreadScheduledExecutor(
            Thread.ofPlatform().name("process-supervisor").daemon().factory());
    /** The delay of each supervised process's next restart, by name. */
    private final Map<String, Duration> delays = new ConcurrentHashMap<>();

    private volatile boolean closed;

    /** Starts supervising {@code process} (again a no-op once it is supervised). */
    void supervise(ServiceProcess process) {
        if (delays.putIfAbsent(process.name(), FIRST_DELAY) == null) {
            watch(process);
        }
    }

    boolean supervises(ServiceProcess process) {
        return delays.containsKey(process.name());
    }

    private void watch(ServiceProcess process) {
        process.onExit().thenAccept(exit -> exited(process, exit));
    }

    private void exited(ServiceProcess process, ServiceProcess.Exit exit) {
        if (closed || process.stoppedOnPurpose()) {
            log.debug(
                    "event=process_exited name={} pid={} status={} action=none",
                    process.name(),
                    exit.pid(),
                    exit.describe());
            return;
        }
        var delay = takeDelay(process, exit.uptime().compareTo(STEADY_RUN) >= 0);
        log.warn(
                "event=process_exited name={} pid={} status={} uptimeMs={} action=restart restartInMs={} log={} tail:\n{}",
                process.name(),
                exit.pid(),
                exit.describe(),
                exit.uptime().toMillis(),
                delay.toMillis(),
                process.log(),
                process.logTail(TAIL_LINES));
        schedule(process, delay);
    }

    private void schedule(ServiceProcess process, Duration delay) {
        try {
            restarts.schedule(() -> restart(process), delay.toMillis(), TimeUnit.MILLISECONDS);
        } catch (RejectedExecutionException closing) {
            log.debug("event=process_restart_skipped name={} reason=closing", process.name());
        }
    }

    private void restart(ServiceProcess process) {
        if (closed) {
            return;
        }
        try {
            if (process.restart()) {
                watch(process);
            }
        } catch (RuntimeException e) {
            var delay = takeDelay(process, false);
            log.error(
                    "event=process_restart_failed name={} retryInMs={} error=\"{}\"",
                    process.name(),
                    delay.toMillis(),
                    e.toString());
            schedule(process, delay);
        }
    }

    /** The delay of {@code process}'s restart now, doubling the next one's up to {@link #MAX_DELAY}. */
    private Duration takeDelay(ServiceProcess process, boolean afterSteadyRun) {
        var delay = afterSteadyRun ? FIRST_DELAY : delays.getOrDefault(process.name(), FIRST_DELAY);
        var doubled = delay.multipliedBy(2);
        delays.put(process.name(), doubled.compareTo(MAX_DELAY) <= 0 ? doubled : MAX_DELAY);
        return delay;
    }

    /** Restarts nothing from now on, and returns once a restart under way is done (the fleet then stops it). */
    @Override
    public void close() {
        closed = true;
        restarts.shutdownNow();
        try {
            if (!restarts.awaitTermination(30, TimeUnit.SECONDS)) {
                log.warn("event=process_supervisor_close_timeout");
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
