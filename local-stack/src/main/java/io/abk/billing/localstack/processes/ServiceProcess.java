package io.abk.billing.localstack.processes;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One replica of a service run as an OS process ({@link ProcessLaunch}), under one name, port and log for its whole
 * life in the stack, across the restarts its supervisor makes ({@link ProcessSupervisor}): {@link #pid()} and
 * {@link #isAlive()} are those of its current process. A stop through this handle ({@link #kill()},
 * {@link #stop(Duration)}) is on purpose and is never undone by a restart; an exit by itself is.
 */
public final class ServiceProcess {

    private static final Logger logger = LoggerFactory.getLogger(ServiceProcess.class);

    /** How a process ended: its exit status (128 + the signal's number when a signal ended it) and its run. */
    record Exit(long pid, int status, Duration uptime) {

        /** The status, and the signal when a signal ended it ({@code 137 (SIGKILL)}). */
        String describe() {
            return switch (status) {
                case 130 -> "130 (SIGINT)";
                case 134 -> "134 (SIGABRT)";
                case 137 -> "137 (SIGKILL)";
                case 143 -> "143 (SIGTERM)";
                default -> Integer.toString(status);
            };
        }
    }

    private final ServiceKind kind;
    private final int port;
    private final ProcessLaunch launch;
    private volatile Process process;
    private volatile long startedNanos;
    private volatile int restarts;
    private boolean stoppedOnPurpose;

    private ServiceProcess(ServiceKind kind, int port, ProcessLaunch launch, Process process) {
        this.kind = kind;
        this.port = port;
        this.launch = launch;
        this.process = process;
        this.startedNanos = System.nanoTime();
    }

    /** Starts the first process of the replica. */
    static ServiceProcess start(ServiceKind kind, int port, ProcessLaunch launch) {
        var process = launch.start("starting");
        logger.info(
                "event=process_started name={} pid={} port={} log={}",
                launch.name(),
                process.pid(),
                port,
                launch.log());
        return new ServiceProcess(kind, port, launch, process);
    }

    public ServiceKind kind() {
        return kind;
    }

    /** {@code <service>-<n>}, unique in the stack. */
    public String name() {
        return launch.name();
    }

    /** The HTTP port it answers on: the API port of a gateway, the management port of the others. */
    public int port() {
        return port;
    }

    /** {@code <data>/logs/<name>.log}, which every process of the replica appends to. */
    public Path log() {
        return launch.log();
    }

    public long pid() {
        return process.pid();
    }

    public boolean isAlive() {
        return process.isAlive();
    }

    public String baseUrl() {
        return "http://127.0.0.1:" + port;
    }

    /** How many times its supervisor started it again after it exited by itself. */
    public int restarts() {
        return restarts;
    }

    /**
     * SIGKILL: the process gets no chance to leave its groups or commit (a crash, for the tests). It is a stop on
     * purpose: the replica stays down, so a test decides what happens next.
     */
    public void kill() {
        var current = stopOnPurpose();
        current.destroyForcibly();
        try {
            current.waitFor(30, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        logger.info("event=process_killed name={} pid={}", name(), current.pid());
    }

    /**
     * SIGSTOP: the process stands still without knowing it (a long GC pause, a frozen VM) until {@link #resume()};
     * its sessions with the broker expire meanwhile, as a pause longer than the session timeout would make them.
     */
    public void pause() {
        Signals.send("STOP", pid(), name());
        logger.info("event=process_paused name={} pid={}", name(), pid());
    }

    /** SIGCONT: a process stopped by {@link #pause()} runs on from where it stood. */
    public void resume() {
        Signals.send("CONT", pid(), name());
        logger.info("event=process_resumed name={} pid={}", name(), pid());
    }

    /** SIGTERM, then SIGKILL if it has not exited within {@code patience}; on purpose, so never restarted. */
    public void stop(Duration patience) {
        var current = stopOnPurpose();
        if (!current.isAlive()) {
            return;
        }
        current.destroy();
        try {
            if (!current.waitFor(patience.toMillis(), TimeUnit.MILLISECONDS)) {
                logger.warn(
                        "event=process_stop_timeout name={} pid={} patienceMs={}",
                        name(),
                        current.pid(),
                        patience.toMillis());
                current.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            current.destroyForcibly();
        }
    }

    /** The last lines of its log, to say why it stopped. */
    public String logTail(int lines) {
        try {
            var all = Files.readAllLines(log(), StandardCharsets.UTF_8);
            return String.join("\n", all.subList(Math.max(0, all.size() - lines), all.size()));
        } catch (IOException e) {
            return "(cannot read " + log() + ": " + e.getMessage() + ")";
        }
    }

    /** The exit status of its current process, which has exited. */
    int exitStatus() {
        return process.exitValue();
    }

    /** Completes when its current process exits. */
    CompletableFuture<Exit> onExit() {
        var current = process;
        long started = startedNanos;
        return current.onExit()
                .thenApply(exited ->
                        new Exit(exited.pid(), exited.exitValue(), Duration.ofNanos(System.nanoTime() - started)));
    }

    synchronized boolean stoppedOnPurpose() {
        return stoppedOnPurpose;
    }

    /**
     * Starts a new process for the replica, after its last one exited by itself.
     *
     * @return false, starting nothing, when it was stopped on purpose meanwhile (the stack is closing, a test killed
     *         it) or its process runs
     * @throws UncheckedIOException when the process cannot be started
     */
    synchronized boolean restart() {
        if (stoppedOnPurpose || process.isAlive()) {
            return false;
        }
        int next = restarts + 1;
        process = launch.start("restart " + next + ":");
        startedNanos = System.nanoTime();
        restarts = next;
        logger.info("event=process_restarted name={} pid={} restarts={}", name(), pid(), next);
        return true;
    }

    /** Marks the replica stopped on purpose (under the lock a restart takes) and returns its current process. */
    private synchronized Process stopOnPurpose() {
        stoppedOnPurpose = true;
        return process;
    }

    @Override
    public String toString() {
        return name() + " (pid " + pid() + ")";
    }
}
