package io.abk.billing.bench.report;

import java.lang.management.ManagementFactory;
import java.time.Instant;
import java.util.List;
import java.util.Locale;

/**
 * The benchmark report as Markdown: the machine, every phase's figures, and the system's figures as ratios of
 * the baselines measured in the same run on the same payloads.
 */
public final class Report {

    private Report() {
    }

    /**
     * @param system   the system's phases (the first is the fixed-rate phase the bar is judged on)
     * @param kafka    the Kafka baseline phases, in the same order of load as {@code system}
     * @param postgres the PostgreSQL baseline phases, in the same order
     */
    public static String markdown(List<String> settings, List<Result> system, List<Result> kafka, List<Result> postgres) {
        var out = new StringBuilder();
        out.append("# Benchmark report\n\n");
        out.append("- when: ").append(Instant.now()).append('\n');
        out.append("- machine: ").append(Runtime.getRuntime().availableProcessors()).append(" cores, ")
                .append(System.getProperty("os.name")).append(' ').append(System.getProperty("os.arch"))
                .append(", JVM ").append(System.getProperty("java.vm.name")).append(' ')
                .append(System.getProperty("java.version")).append(", max heap ")
                .append(Runtime.getRuntime().maxMemory() / (1024 * 1024)).append(" MiB, load average ")
                .append(String.format(Locale.ROOT, "%.2f", ManagementFactory.getOperatingSystemMXBean().getSystemLoadAverage()))
                .append('\n');
        settings.forEach(line -> out.append("- ").append(line).append('\n'));
        out.append("\n| workload | load | ok | failed | ops/s | p50 ms | p95 ms | p99 ms | max ms |\n");
        out.append("|---|---|---:|---:|---:|---:|---:|---:|---:|\n");
        for (var phase : List.of(system, kafka, postgres)) {
            for (var r : phase) {
                out.append(String.format(Locale.ROOT, "| %s | %s | %d | %d | %.0f | %.1f | %.1f | %.1f | %.1f |%n",
                        r.workload(), r.load(), r.succeeded(), r.failed(), r.throughputPerSecond(),
                        r.p50Millis(), r.p95Millis(), r.p99Millis(), r.maxMillis()));
            }
        }
        out.append("\n## The system against the machine's baselines\n\n");
        out.append("| load | p99 / Kafka p99 | p99 / PostgreSQL p99 | ops/s / Kafka ops/s | ops/s / PostgreSQL ops/s |\n");
        out.append("|---|---:|---:|---:|---:|\n");
        for (int i = 0; i < system.size(); i++) {
            var s = system.get(i);
            var k = kafka.get(i);
            var p = postgres.get(i);
            out.append(String.format(Locale.ROOT, "| %s | %.1fx | %.1fx | %.2f | %.2f |%n", s.load(),
                    s.p99Millis() / k.p99Millis(), s.p99Millis() / p.p99Millis(),
                    s.throughputPerSecond() / k.throughputPerSecond(), s.throughputPerSecond() / p.throughputPerSecond()));
        }
        return out.toString();
    }

    /** The first bar: at least {@code minPerSecond} creates per second with p99 under {@code maxP99Millis}. */
    public static String verdict(Result fixedRate, int minPerSecond, double maxP99Millis) {
        boolean throughput = fixedRate.throughputPerSecond() >= minPerSecond * 0.99 && fixedRate.failed() == 0;
        boolean latency = fixedRate.p99Millis() < maxP99Millis;
        return String.format(Locale.ROOT, "bar (>= %d creates/s with p99 < %.0f ms): %s (%.0f/s, p99 %.1f ms, %d failed)",
                minPerSecond, maxP99Millis, throughput && latency ? "MET" : "NOT MET",
                fixedRate.throughputPerSecond(), fixedRate.p99Millis(), fixedRate.failed());
    }
}
