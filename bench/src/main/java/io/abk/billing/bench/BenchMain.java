package io.abk.billing.bench;

import io.abk.billing.bench.chain.ConfirmationLatency;
import io.abk.billing.bench.chain.FollowerThroughput;
import io.abk.billing.bench.load.ClosedLoopLoad;
import io.abk.billing.bench.load.FixedRateLoad;
import io.abk.billing.bench.report.Report;
import io.abk.billing.bench.report.Result;
import io.abk.billing.bench.webhook.WebhookThroughput;
import io.abk.billing.bench.workload.CreateSubscriptionWorkload;
import io.abk.billing.bench.workload.KafkaRoundTripWorkload;
import io.abk.billing.bench.workload.PostgresInsertWorkload;
import io.abk.billing.bench.workload.Workload;
import io.abk.billing.localstack.LocalStack;
import io.abk.billing.localstack.LocalStackConfig;
import io.abk.billing.localstack.chain.LocalChain;
import java.io.IOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Supplier;
import org.jspecify.annotations.Nullable;

/**
 * {@code ./billing bench}: starts the whole local stack in this process (rate limits off, fresh data directory)
 * unless pointed at a running one, then measures {@code POST /v1/subscriptions} and, on the same payloads and
 * machine, a Kafka round trip and a PostgreSQL insert, each at the fixed rate and at saturation. Prints the
 * report and writes it to {@code bench/target/bench-report.md} (or {@code --report}).
 */
public final class BenchMain {

    /** The foundation issue's first bar on a 2-core machine with everything on it. */
    private static final int BAR_RATE = 500;
    private static final double BAR_P99_MILLIS = 200;

    private BenchMain() {
    }

    public static void main(String[] args) throws Exception {
        if (java.util.Arrays.asList(args).contains("--help") || java.util.Arrays.asList(args).contains("-h")) {
            System.out.print(BenchOptions.USAGE);
            return;
        }
        BenchOptions options;
        try {
            options = BenchOptions.parse(args);
        } catch (IllegalArgumentException e) {
            System.err.println("bench: " + e.getMessage());
            System.exit(2);
            return;
        }
        @Nullable LocalStack stack = null;
        Path dataDir = null;
        try {
            String url;
            String key;
            String bootstrap;
            String jdbc;
            if (options.startsOwnStack()) {
                dataDir = Files.createTempDirectory("billing-bench-");
                System.out.println("bench: starting the local stack in-process (data " + dataDir + ")");
                var config = LocalStackConfig.forTest(dataDir, options.partitions());
                stack = LocalStack.start(options.chain() ? config.withLocalChain(0) : config);
                url = stack.baseUrl();
                key = stack.demoTestKey();
                bootstrap = stack.kafkaBootstrapServers();
                jdbc = stack.jdbcUrl();
            } else {
                url = options.url();
                key = options.key();
                bootstrap = options.bootstrap();
                jdbc = options.jdbcUrl();
            }
            var sequence = new AtomicLong(System.currentTimeMillis() * 1000);
            var system = measure(options, options.warmup(), sequence, () -> new CreateSubscriptionWorkload(URI.create(url), key));
            var webhooks = options.webhookEvents() == 0 ? null : WebhookThroughput.run(url, key, bootstrap, jdbc,
                    options.dbUser(), options.dbPassword(), options.webhookEvents(), WEBHOOK_DEADLINE);
            if (webhooks != null) {
                System.out.println("bench: " + webhooks.line());
            }
            var chain = stack == null || !options.chain() ? List.<String>of() : chainPhase(options, stack, dataDir);
            if (!options.baselines()) {
                chain.forEach(line -> System.out.println("bench: " + line));
                system.forEach(r -> System.out.printf("bench: %s | %s | %.0f/s p50 %.1f p95 %.1f p99 %.1f max %.1f ms, %d failed%n",
                        r.workload(), r.load(), r.throughputPerSecond(), r.p50Millis(), r.p95Millis(), r.p99Millis(),
                        r.maxMillis(), r.failed()));
                System.out.println(Report.verdict(system.getFirst(), BAR_RATE, BAR_P99_MILLIS));
            } else {
                baselinesAndReport(options, sequence, url, bootstrap, jdbc, system, webhooks, chain);
            }
        } finally {
            if (stack != null) {
                stack.close();
            }
            if (dataDir != null) {
                deleteRecursively(dataDir);
            }
        }
        System.exit(0);
    }

    private static void baselinesAndReport(BenchOptions options, AtomicLong sequence, String url, String bootstrap,
            String jdbc, List<Result> system, WebhookThroughput.@Nullable Result webhooks, List<String> chain)
            throws IOException {
        var kafka = measure(options, BASELINE_WARMUP, sequence, () -> new KafkaRoundTripWorkload(bootstrap, options.partitions()));
        var postgres = measure(options, BASELINE_WARMUP, sequence,
                () -> new PostgresInsertWorkload(jdbc, options.dbUser(), options.dbPassword(), 16));

        var settings = List.of(
                "stack: " + (options.startsOwnStack() ? "in-process local stack, rate limits off, "
                        + options.partitions() + " partitions" : url),
                "phases: warm-up with 8 clients, not measured (" + options.warmup().toSeconds() + " s for the system, "
                        + BASELINE_WARMUP.toSeconds() + " s for each baseline); then fixed rate " + options.rate()
                        + "/s and closed loop with " + options.clients() + " clients, each " + RAMP.toSeconds()
                        + " s ramp then " + options.duration().toSeconds()
                        + " s measured (fixed-rate latency from the intended start)",
                "payload: ad hoc monthly subscription, 9.99 USDC, distinct reference and wallet per operation",
                "JVM options: " + String.join(" ", java.lang.management.ManagementFactory.getRuntimeMXBean().getInputArguments()));
        var markdown = Report.markdown(settings, system, kafka, postgres) + "\n"
                + Report.verdict(system.getFirst(), BAR_RATE, BAR_P99_MILLIS) + "\n"
                + (webhooks == null ? "" : "\n" + webhooks.line() + "\n")
                + (chain.isEmpty() ? "" : "\n## Chain\n\n" + String.join("\n", chain.stream().map(l -> "- " + l).toList())
                        + "\n");
        System.out.println();
        System.out.println(markdown);
        var reportPath = Path.of(options.report() != null ? options.report() : "bench/target/bench-report.md");
        write(reportPath, markdown);
        System.out.println("bench: report written to " + reportPath.toAbsolutePath());
    }

    /**
     * The chain phase: the stack's own local chain (a block a second, depth {@link LocalChain#CONFIRMATIONS}) for
     * confirmation latency, then the follower alone on an anvil and a broker of its own.
     */
    private static List<String> chainPhase(BenchOptions options, LocalStack stack, Path dataDir) throws Exception {
        var chainInfo = stack.info().localChain().orElseThrow();
        System.out.printf("bench: confirmation latency over %d payments ...%n", options.chainPayments());
        var latency = ConfirmationLatency.run(stack.baseUrl(), stack.demoTestKey(), chainInfo,
                LocalChain.CONFIRMATIONS, options.chainPayments());
        System.out.println("bench: " + latency.line());
        var follower = FollowerThroughput.run(dataDir, options.chainBlocks(), options.chainTransfersPerBlock());
        System.out.println("bench: " + follower.line());
        return List.of(follower.line(), latency.line());
    }

    /** How long the webhook phase may take before it reports what arrived. */
    private static final Duration WEBHOOK_DEADLINE = Duration.ofMinutes(5);

    /** Each measured phase starts with this much unmeasured load, so it begins in its own steady state. */
    private static final Duration RAMP = Duration.ofSeconds(5);
    /** The baselines run on a JVM the system phases have already warmed. */
    private static final Duration BASELINE_WARMUP = Duration.ofSeconds(10);

    /** One workload: warmed up, then at the fixed rate, then at saturation. */
    private static List<Result> measure(BenchOptions options, Duration warmup, AtomicLong sequence, Supplier<Workload> factory) {
        var results = new ArrayList<Result>();
        try (var workload = factory.get()) {
            // Warm every path first: with the broker, Streams, Spring, Netty and R2DBC in one JVM on 2 cores, the
            // JIT compilers are still busy for about a minute, and measuring earlier measures the compilers.
            System.out.printf("bench: %s warming up for %d s ...%n", workload.name(), warmup.toSeconds());
            ClosedLoopLoad.run(workload, 8, Duration.ZERO, warmup, sequence);
            System.out.printf("bench: %s at %d/s ...%n", workload.name(), options.rate());
            results.add(FixedRateLoad.run(workload, options.rate(), RAMP, options.duration(), sequence));
            System.out.printf("bench: %s with %d clients ...%n", workload.name(), options.clients());
            results.add(ClosedLoopLoad.run(workload, options.clients(), RAMP, options.duration(), sequence));
        }
        return results;
    }

    private static void write(Path path, String text) throws IOException {
        if (path.getParent() != null) {
            Files.createDirectories(path.getParent());
        }
        Files.writeString(path, text);
    }

    private static void deleteRecursively(Path dir) throws IOException {
        try (var paths = Files.walk(dir)) {
            paths.sorted(java.util.Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        }
    }
}
