package io.abk.billing.bench;

import io.abk.billing.bench.chain.ConfirmationLatency;
import io.abk.billing.bench.chain.FollowerThroughput;
import io.abk.billing.bench.probe.CpuReference;
import io.abk.billing.bench.probe.StackProbe;
import io.abk.billing.bench.recovery.StackProcess;
import io.abk.billing.bench.report.Report;
import io.abk.billing.bench.report.Row;
import io.abk.billing.bench.report.Section;
import io.abk.billing.bench.scenario.Baselines;
import io.abk.billing.bench.scenario.Creates;
import io.abk.billing.bench.scenario.Dashboard;
import io.abk.billing.bench.scenario.Gets;
import io.abk.billing.bench.scenario.MeteredUsage;
import io.abk.billing.bench.scenario.Recovery;
import io.abk.billing.bench.scenario.Renewals;
import io.abk.billing.bench.scenario.Target;
import io.abk.billing.bench.scenario.Webhooks;
import io.abk.billing.localstack.LocalStack;
import io.abk.billing.localstack.LocalStackSettings;
import io.abk.billing.localstack.chain.LocalChain;
import io.abk.billing.schemas.topic.Deployment;
import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Supplier;
import org.jspecify.annotations.Nullable;

/**
 * {@code ./billing bench}: runs the chosen scenarios (creates, gets, renewals, webhooks and dashboard against the whole local
 * stack started in this process, a running one, or with {@code --stack process} the stack's jar as a child process;
 * recovery always against a child process, which it kills and restarts), measures the machine's baselines on the
 * same broker and database, and writes the report to {@code bench/target/bench-report.md} (or {@code --report}).
 */
public final class BenchMain {

    /** How long the CPU reference runs, at the start and at the end ({@link CpuReference}). */
    private static final Duration CPU_REFERENCE = Duration.ofSeconds(2);

    private BenchMain() {}

    public static void main(String[] args) throws Exception {
        // Exits rather than returns: the in-process stack's libraries may leave non-daemon threads behind.
        System.exit(run(args));
    }

    /** One run; returns the exit status (2: bad arguments). */
    public static int run(String[] args) throws Exception {
        if (Arrays.asList(args).contains("--help") || Arrays.asList(args).contains("-h")) {
            System.out.print(BenchOptions.USAGE);
            return 0;
        }
        BenchOptions options;
        try {
            // The bench reads and writes the default deployment's names (it seeds command topics, tails
            // billing.events, reads the projector's positions): refused rather than measuring the wrong topics.
            if (!Deployment.of(System.getenv(Deployment.VARIABLE)).isDefault()) {
                throw new IllegalArgumentException(
                        Deployment.VARIABLE + " must be empty: the bench runs against the default deployment's names");
            }
            options = BenchOptions.parse(args);
        } catch (IllegalArgumentException e) {
            System.err.println("bench: " + e.getMessage() + "\n" + BenchOptions.USAGE);
            return 2;
        }
        var reportPath = Path.of(options.report() != null ? options.report() : "bench/target/bench-report.md");
        // Each run keeps its own stack log and stall dumps beside the report: the next run must not overwrite the
        // evidence of this one.
        var stamp = LocalDateTime.now().format(DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss"));
        var runFiles = reportPath.toAbsolutePath().resolveSibling("bench-run-" + stamp);
        var run = new Run(options, runFiles.resolve("stack.log"), runFiles.resolve("stalls"));
        var cpuBefore = CpuReference.measure(CPU_REFERENCE);
        run.settings.add("this run's files (the stack's log and GC log, stall thread dumps): " + runFiles);
        run.settings.add("scenarios: "
                + String.join(
                        ", ", options.scenarios().stream().map(Scenario::label).toList()));
        if (options.stackAsProcess()) {
            run.onChildStack();
        } else {
            if (options.needsStack()) {
                run.onInProcessOrRunningStack();
            }
            if (options.runs(Scenario.RECOVERY)) {
                run.recoveryOnItsOwnStack();
            }
        }
        run.settings.add(CpuReference.describe("before the stack started", cpuBefore));
        run.settings.add(CpuReference.describe("after the scenarios", CpuReference.measure(CPU_REFERENCE)));
        run.settings.add("JVM options: "
                + String.join(" ", ManagementFactory.getRuntimeMXBean().getInputArguments()));
        var markdown = Report.markdown(run.settings, run.sections, run.baselines);
        System.out.println();
        System.out.println(markdown);
        write(reportPath, markdown);
        System.out.println("bench: report written to " + reportPath.toAbsolutePath());
        return 0;
    }

    /** One run's options and what it has gathered so far. */
    private static final class Run {

        private final BenchOptions options;
        private final Path stackLog;
        private final Path stallDumps;
        private final AtomicLong sequence = new AtomicLong(System.currentTimeMillis() * 1000);
        private final List<String> settings = new ArrayList<>();
        private final List<Section> sections = new ArrayList<>();
        private final List<Row> baselines = new ArrayList<>();

        Run(BenchOptions options, Path stackLog, Path stallDumps) {
            this.options = options;
            this.stackLog = stackLog;
            this.stallDumps = stallDumps;
        }

        /** The scenarios, the chain phase and the baselines on the stack started in this process, or on --url's. */
        void onInProcessOrRunningStack() throws Exception {
            @Nullable LocalStack stack = null;
            Path dataDir = null;
            try {
                Target target;
                if (options.startsOwnStack()) {
                    dataDir = Files.createTempDirectory("billing-bench-");
                    System.out.println("bench: starting the local stack in-process (data " + dataDir + ")");
                    var config = LocalStackSettings.forTest(dataDir, options.partitions());
                    stack = LocalStack.start(options.chain() ? config.withLocalChain(0) : config);
                    var probe = StackProbe.inProcess(dataDir);
                    target = new Target(
                            stack.baseUrl(),
                            stack.demoTestKey(),
                            stack.kafkaBootstrapServers(),
                            stack.jdbcUrl(),
                            "billing",
                            "billing",
                            stack.adminToken(),
                            probe,
                            options.partitions());
                    settings.add("stack: in-process local stack, rate limits off, " + options.partitions()
                            + " partitions, started in " + stack.startDuration().toMillis() + " ms; CPU and RSS of "
                            + probe.description());
                } else {
                    // Options are checked when parsed: an external stack comes with all four.
                    target = new Target(
                            Objects.requireNonNull(options.url()),
                            Objects.requireNonNull(options.key()),
                            Objects.requireNonNull(options.bootstrap()),
                            Objects.requireNonNull(options.jdbcUrl()),
                            options.dbUser(),
                            options.dbPassword(),
                            options.adminToken(),
                            null,
                            options.partitions());
                    settings.add("stack: " + options.url() + " (run elsewhere: its CPU and RSS are not known here)");
                }
                scenarios(target);
                if (stack != null && dataDir != null && options.chain()) {
                    sections.add(new Section("chain", List.of(), chainPhase(options, stack, dataDir)));
                }
                baselines(target);
            } finally {
                if (stack != null) {
                    stack.close();
                }
                if (dataDir != null) {
                    deleteRecursively(dataDir);
                }
            }
        }

        /** The recovery scenario on a child-process stack of its own (the baselines too, when no other stack ran them). */
        void recoveryOnItsOwnStack() throws Exception {
            var workDir = Files.createTempDirectory("billing-bench-recovery-");
            try (var cold = coldStart(workDir)) {
                if (baselines.isEmpty()) {
                    settings.add("baselines: on the recovery scenario's stack (a child process), freshly started");
                    baselines(cold.target());
                }
                recovery(cold, false);
            } finally {
                deleteRecursively(workDir);
            }
        }

        /** {@code --stack process}: every scenario on one child-process stack, which recovery kills and restarts last. */
        void onChildStack() throws Exception {
            var workDir = Files.createTempDirectory("billing-bench-");
            try (var cold = coldStart(workDir)) {
                settings.add("stack: the local stack's jar as a child process, rate limits off, a write waits up to "
                        + StackProcess.REQUEST_TIMEOUT.toSeconds() + " s for its outcome, " + options.partitions()
                        + " partitions; cold start: " + cold.start().line() + "; CPU and RSS of "
                        + StackProbe.child(
                                        cold.stack().handle(),
                                        cold.stack().setup().dataDir())
                                .description());
                scenarios(cold.target());
                baselines(cold.target());
                if (options.runs(Scenario.RECOVERY)) {
                    boolean usedBefore =
                            options.scenarios().stream().anyMatch(s -> s != Scenario.RECOVERY && options.runs(s));
                    recovery(cold, usedBefore);
                }
            } finally {
                deleteRecursively(workDir);
            }
        }

        /** A child-process stack of the local stack's jar, freshly started with its data under {@code workDir}. */
        private Recovery.Cold coldStart(Path workDir) throws Exception {
            return Recovery.coldStart(
                    StackJar.locate(options.stackJar()),
                    workDir.resolve("data"),
                    stackLog,
                    options.partitions(),
                    sequence);
        }

        /** The recovery scenario, timed, on {@code cold}; {@code usedBefore}: other scenarios ran on it first. */
        private void recovery(Recovery.Cold cold, boolean usedBefore) {
            timed(
                    Scenario.RECOVERY.label(),
                    () -> Recovery.killAndRestart(
                            cold,
                            usedBefore,
                            options.recoverySubscriptions(),
                            options.recoveryBurst(),
                            options.duration(),
                            options.clients().getFirst(),
                            sequence));
        }

        private void scenarios(Target target) {
            for (var creates : List.of(Scenario.CREATES, Scenario.FIXED)) {
                if (options.runs(creates)) {
                    timed(
                            creates.label(),
                            () -> Creates.run(
                                    target,
                                    options.rate(),
                                    options.warmup(),
                                    options.window(),
                                    options.duration(),
                                    options.clients(),
                                    creates == Scenario.CREATES,
                                    stallDumps,
                                    sequence));
                }
            }
            if (options.runs(Scenario.GETS)) {
                timed(
                        Scenario.GETS.label(),
                        () -> Gets.run(target, options.getPool(), options.duration(), options.getClients(), sequence));
            }
            if (options.runs(Scenario.RENEWALS)) {
                timed(Scenario.RENEWALS.label(), () -> Renewals.run(target, options.renewals()));
            }
            if (options.runs(Scenario.WEBHOOKS)) {
                timed(
                        Scenario.WEBHOOKS.label(),
                        () -> Webhooks.run(target, options.webhookEvents(), options.webhookEndpoints()));
            }
            if (options.runs(Scenario.DASHBOARD)) {
                timed(
                        Scenario.DASHBOARD.label(),
                        () -> Dashboard.run(
                                target,
                                options.dashboardRows(),
                                options.duration(),
                                options.dashboardClients(),
                                sequence));
            }
            if (options.runs(Scenario.USAGE)) {
                timed(
                        Scenario.USAGE.label(),
                        () -> MeteredUsage.run(
                                target,
                                options.usageEvents(),
                                options.usageCustomers(),
                                options.duration(),
                                options.usageClients()));
            }
        }

        /** Runs a scenario and says how long it took, set-up included (a long run's operator wants to know). */
        private void timed(String scenario, Supplier<Section> run) {
            long started = System.nanoTime();
            sections.add(run.get());
            System.out.printf(
                    "bench: %s done in %d s%n", scenario, TimeUnit.NANOSECONDS.toSeconds(System.nanoTime() - started));
        }

        private void baselines(Target target) {
            if (options.baselines()) {
                long started = System.nanoTime();
                baselines.addAll(
                        Baselines.run(target, options.rate(), options.duration(), options.clients(), sequence));
                System.out.printf(
                        "bench: baselines done in %d s%n", TimeUnit.NANOSECONDS.toSeconds(System.nanoTime() - started));
            }
        }
    }

    /**
     * The chain phase: the stack's own local chain (a block a second, depth {@link LocalChain#CONFIRMATIONS}) for
     * confirmation latency, then the follower alone on an anvil and a broker of its own.
     */
    private static List<String> chainPhase(BenchOptions options, LocalStack stack, Path dataDir) throws Exception {
        var chainInfo = stack.info().localChain().orElseThrow();
        System.out.printf("bench: confirmation latency over %d payments ...%n", options.chainPayments());
        var latency = ConfirmationLatency.run(
                stack.baseUrl(), stack.demoTestKey(), chainInfo, LocalChain.CONFIRMATIONS, options.chainPayments());
        System.out.println("bench: " + latency.line());
        var follower = FollowerThroughput.run(dataDir, options.chainBlocks(), options.chainTransfersPerBlock());
        System.out.println("bench: " + follower.line());
        return List.of(follower.line(), latency.line());
    }

    private static void write(Path path, String text) throws IOException {
        if (path.getParent() != null) {
            Files.createDirectories(path.getParent());
        }
        Files.writeString(path, text);
    }

    private static void deleteRecursively(Path dir) throws IOException {
        try (var paths = Files.walk(dir)) {
            paths.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        }
    }
}
