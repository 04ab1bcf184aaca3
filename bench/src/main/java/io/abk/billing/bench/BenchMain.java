package io.abk.billing.bench;

import io.abk.billing.bench.load.ClosedLoopLoad;
import io.abk.billing.bench.load.FixedRateLoad;
import io.abk.billing.bench.report.Report;
import io.abk.billing.bench.report.Result;
import io.abk.billing.bench.workload.CreateSubscriptionWorkload;
import io.abk.billing.bench.workload.KafkaRoundTripWorkload;
import io.abk.billing.bench.workload.PostgresInsertWorkload;
import io.abk.billing.bench.workload.Workload;
import io.abk.billing.localstack.LocalStack;
import io.abk.billing.localstack.LocalStackConfig;
import java.io.IOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
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
                stack = LocalStack.start(LocalStackConfig.forTest(dataDir, options.partitions()));
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
            var system = measure(options, sequence, () -> new CreateSubscriptionWorkload(URI.create(url), key));
            var kafka = measure(options, sequence, () -> new KafkaRoundTripWorkload(bootstrap, options.partitions()));
            var postgres = measure(options, sequence,
                    () -> new PostgresInsertWorkload(jdbc, options.dbUser(), options.dbPassword(), 16));

            var settings = List.of(
                    "stack: " + (options.startsOwnStack() ? "in-process local stack, rate limits off, "
                            + options.partitions() + " partitions" : url),
                    "phases per workload: " + options.warmup().toSeconds() + " s warm-up (8 clients, not measured);"
                            + " then fixed rate " + options.rate() + "/s and closed loop with " + options.clients()
                            + " clients, each " + options.warmup().toSeconds() + " s ramp then "
                            + options.duration().toSeconds() + " s measured (fixed-rate latency from the intended start)",
                    "payload: ad hoc monthly subscription, 9.99 USDC, distinct reference and wallet per operation",
                    "JVM options: " + String.join(" ", java.lang.management.ManagementFactory.getRuntimeMXBean().getInputArguments()));
            var markdown = Report.markdown(settings, system, kafka, postgres) + "\n"
                    + Report.verdict(system.getFirst(), BAR_RATE, BAR_P99_MILLIS) + "\n";
            System.out.println();
            System.out.println(markdown);
            var reportPath = Path.of(options.report() != null ? options.report() : "bench/target/bench-report.md");
            write(reportPath, markdown);
            System.out.println("bench: report written to " + reportPath.toAbsolutePath());
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

    /** One workload at the fixed rate, then at saturation. */
    private static List<Result> measure(BenchOptions options, AtomicLong sequence, Supplier<Workload> factory) {
        var results = new ArrayList<Result>();
        try (var workload = factory.get()) {
            // Warm every path (JIT, connection pools, page cache) before anything is measured: a cold JVM's
            // first seconds would otherwise leave a backlog that the fixed-rate phase then carries.
            System.out.printf("bench: %s warming up ...%n", workload.name());
            ClosedLoopLoad.run(workload, 8, java.time.Duration.ZERO, options.warmup(), sequence);
            System.out.printf("bench: %s at %d/s ...%n", workload.name(), options.rate());
            results.add(FixedRateLoad.run(workload, options.rate(), options.warmup(), options.duration(), sequence));
            System.out.printf("bench: %s with %d clients ...%n", workload.name(), options.clients());
            results.add(ClosedLoopLoad.run(workload, options.clients(), options.warmup(), options.duration(), sequence));
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
