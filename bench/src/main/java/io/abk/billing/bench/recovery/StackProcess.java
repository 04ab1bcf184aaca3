package io.abk.billing.bench.recovery;

import io.abk.billing.bench.probe.Postmaster;
import io.abk.billing.localstack.lifecycle.Deadline;
import io.abk.billing.localstack.services.HealthReport;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

/**
 * One run of the local stack's runnable jar ({@code local-stack-*-exec.jar}) on a data directory, with the ports,
 * admin token and demo test key the bench chose (so a restart on the same directory answers on the same ports with
 * the same secrets), in the sandbox, rate limits off, a write waiting up to 25 s for its outcome. Its output goes to a log file (the banner in it shows those
 * secrets, generated for this run alone); the line the stack prints once every part is ready (the banner's
 * {@code local stack ready in}) is noted when it passes.
 */
public final class StackProcess implements AutoCloseable {

    /** What every start of the stack on one data directory shares. */
    public record Setup(
            Path jar,
            Path dataDir,
            int httpPort,
            int kafkaPort,
            int postgresPort,
            int partitions,
            String adminToken,
            String testKey,
            Path log) {

        public String baseUrl() {
            return "http://localhost:" + httpPort;
        }

        public String bootstrap() {
            return "127.0.0.1:" + kafkaPort;
        }

        public String jdbcUrl() {
            return "jdbc:postgresql://127.0.0.1:" + postgresPort + "/billing";
        }
    }

    /** The banner's first line: every part of the stack is ready, the scheduler included. */
    static final String READY_LINE = "USDC billing local stack ready in";

    private static final Duration HEALTH_POLL = Duration.ofMillis(100);
    /** How long the child stack's gateway waits for a write's outcome before answering 503. */
    public static final Duration REQUEST_TIMEOUT = Duration.ofSeconds(25);

    private final Setup setup;
    private final Process process;
    private final long startedNanos;
    private final CompletableFuture<Long> bannerNanos = new CompletableFuture<>();

    private StackProcess(Setup setup, Process process, long startedNanos) {
        this.setup = setup;
        this.process = process;
        this.startedNanos = startedNanos;
        Thread.ofPlatform().daemon().name("bench-stack-output-" + process.pid()).start(this::copyOutput);
    }

    /** Starts the jar; returns at once (the stack is not ready yet). */
    public static StackProcess start(Setup setup) {
        var command = new ArrayList<String>();
        command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        if (Runtime.version().feature() >= 24) {
            command.add("--sun-misc-unsafe-memory-access=allow");
        }
        var extra = System.getenv("BILLING_JAVA_OPTS");
        if (extra != null && !extra.isBlank()) {
            command.addAll(List.of(extra.strip().split("\\s+")));
        }
        // GC and safepoint pauses with wall-clock times, to line up with a stall the load saw.
        var gcLog = setup.log().toAbsolutePath().resolveSibling("stack-gc.log");
        command.add("-Xlog:gc,safepoint:file=" + gcLog + ":time,uptime,level,tags");
        command.add("-jar");
        command.add(setup.jar().toString());
        var builder = new ProcessBuilder(command).redirectErrorStream(true);
        var env = builder.environment();
        // Only what the bench chose: a BILLING_* of the caller's shell (a local chain, a public URL) must not leak in.
        env.keySet().removeIf(name -> name.startsWith("BILLING_"));
        env.put("BILLING_DATA_DIR", setup.dataDir().toString());
        env.put("BILLING_HTTP_PORT", Integer.toString(setup.httpPort()));
        env.put("BILLING_KAFKA_PORT", Integer.toString(setup.kafkaPort()));
        env.put("BILLING_POSTGRES_PORT", Integer.toString(setup.postgresPort()));
        env.put("BILLING_USDT_HTTP_PORT", "0");
        env.put("BILLING_PARTITIONS", Integer.toString(setup.partitions()));
        env.put("BILLING_RATE_LIMITS_ENABLED", "false");
        // A write waits up to 25 s for its outcome (the gateway's default is 10 s), under the load's own 30 s: a
        // stall of the machine shows in the latencies, not as 503 processing_timeout answers counted as failures.
        env.put("BILLING_REQUEST_TIMEOUT", REQUEST_TIMEOUT.toSeconds() + "s");
        env.put("BILLING_LOCAL_CHAIN", "sandbox");
        env.put("BILLING_ADMIN_TOKEN", setup.adminToken());
        env.put("BILLING_DEMO_TEST_KEY", setup.testKey());
        try {
            Files.createDirectories(setup.log().toAbsolutePath().getParent());
            long started = System.nanoTime();
            return new StackProcess(setup, builder.start(), started);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot start " + setup.jar() + ": " + e.getMessage(), e);
        }
    }

    public Setup setup() {
        return setup;
    }

    public ProcessHandle handle() {
        return process.toHandle();
    }

    public long startedNanos() {
        return startedNanos;
    }

    /** Polls {@code /actuator/health} until UP; returns when that answer came ({@link System#nanoTime}). */
    public long awaitHealthy(Duration timeout) {
        var request = HttpRequest.newBuilder(URI.create(setup.baseUrl() + "/actuator/health"))
                .timeout(Duration.ofSeconds(5))
                .header("accept", "application/json")
                .GET()
                .build();
        try (var http =
                HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(2)).build()) {
            return Deadline.in(timeout)
                    .poll(HEALTH_POLL, () -> {
                        requireAlive();
                        try {
                            var response = http.send(request, HttpResponse.BodyHandlers.ofString());
                            return HealthReport.parse(response.statusCode(), response.body())
                                            .isUp()
                                    ? Optional.of(System.nanoTime())
                                    : Optional.<Long>empty();
                        } catch (IOException e) {
                            return Optional.<Long>empty();
                        } catch (InterruptedException e) {
                            Thread.currentThread().interrupt();
                            throw new IllegalStateException("interrupted while waiting for the stack's health", e);
                        }
                    })
                    .orElseThrow(() -> new IllegalStateException(
                            "the stack was not healthy within " + timeout.toSeconds() + " s; see " + setup.log()));
        }
    }

    /** Waits for the banner's ready line; returns when it was printed ({@link System#nanoTime}). */
    public long awaitBanner(Duration timeout) {
        try {
            return bannerNanos.get(timeout.toMillis(), TimeUnit.MILLISECONDS);
        } catch (java.util.concurrent.TimeoutException e) {
            throw new IllegalStateException(
                    "the stack printed no ready banner within " + timeout.toSeconds() + " s; see " + setup.log());
        } catch (java.util.concurrent.ExecutionException e) {
            throw new IllegalStateException(
                    "the stack's output ended before its ready banner; see " + setup.log(), e.getCause());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while waiting for the stack's banner", e);
        }
    }

    /** Fails when the process has exited. */
    public void requireAlive() {
        if (!process.isAlive()) {
            throw new IllegalStateException(
                    "the stack process exited with " + process.exitValue() + "; see " + setup.log());
        }
    }

    /**
     * SIGKILL, as a crash or the OOM killer would: nothing is closed, flushed or committed. Its PostgreSQL server
     * (daemonized, not a child of the JVM) outlives it; the next start on the same data directory stops that orphan
     * first.
     *
     * @return the orphaned PostgreSQL server, if it runs
     */
    public Optional<ProcessHandle> kill() {
        process.destroyForcibly();
        awaitExit(Duration.ofSeconds(30));
        return Postmaster.of(setup.dataDir());
    }

    /**
     * Ends the stack for good: SIGKILL, then its PostgreSQL server is stopped and awaited. The bench discards the
     * data directory afterwards, so nothing needs to stop in order, and a clean stop would only add its time.
     */
    @Override
    public void close() {
        if (process.isAlive()) {
            process.destroyForcibly();
            awaitExit(Duration.ofSeconds(30));
        }
        Postmaster.of(setup.dataDir()).ifPresent(server -> {
            // SIGTERM is PostgreSQL's smart shutdown: with its clients gone it stops at once.
            server.destroy();
            try {
                server.onExit().get(30, TimeUnit.SECONDS);
            } catch (Exception e) {
                server.destroyForcibly();
            }
        });
    }

    private void awaitExit(Duration wait) {
        try {
            process.waitFor(wait.toMillis(), TimeUnit.MILLISECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private void copyOutput() {
        try (var lines = new BufferedReader(new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8));
                var log = Files.newBufferedWriter(
                        setup.log(), StandardCharsets.UTF_8, StandardOpenOption.CREATE, StandardOpenOption.APPEND)) {
            String line;
            while ((line = lines.readLine()) != null) {
                if (!bannerNanos.isDone() && line.contains(READY_LINE)) {
                    bannerNanos.complete(System.nanoTime());
                }
                log.write(line);
                log.newLine();
                // The stack's PostgreSQL inherits this pipe and may hold it open after the stack is gone: flush as
                // lines come, not at an end that may never come.
                log.flush();
            }
        } catch (IOException e) {
            bannerNanos.completeExceptionally(e);
            return;
        }
        bannerNanos.completeExceptionally(new IllegalStateException("the stack's output ended"));
    }
}
