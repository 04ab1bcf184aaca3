package io.abk.billing.bench.report;

import java.lang.management.ManagementFactory;
import java.time.Instant;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * The benchmark report as Markdown: the machine, one table with a row per measured phase of every scenario and of
 * the baselines (a Kafka round trip and a PostgreSQL insert, measured in the same run on the same payloads), each
 * with the stack's CPU and memory while it ran, then each scenario's notes and the creates against the baselines.
 */
public final class Report {

    /** The scenario column of the baselines' rows. */
    public static final String BASELINE = "baseline";

    private Report() {}

    public static String markdown(List<String> settings, List<Section> sections, List<Row> baselines) {
        var out = new StringBuilder();
        out.append("# Benchmark report\n\n");
        out.append("- when: ").append(Instant.now()).append('\n');
        out.append("- machine: ")
                .append(Runtime.getRuntime().availableProcessors())
                .append(" cores, ")
                .append(System.getProperty("os.name"))
                .append(' ')
                .append(System.getProperty("os.arch"))
                .append(", JVM ")
                .append(System.getProperty("java.vm.name"))
                .append(' ')
                .append(System.getProperty("java.version"))
                .append(", max heap ")
                .append(Runtime.getRuntime().maxMemory() / (1024 * 1024))
                .append(" MiB, load average ")
                .append(String.format(
                        Locale.ROOT,
                        "%.2f",
                        ManagementFactory.getOperatingSystemMXBean().getSystemLoadAverage()))
                .append('\n');
        settings.forEach(line -> out.append("- ").append(line).append('\n'));
        out.append(
                "\n| scenario | workload | load | ok | failed | ops/s | p50 ms | p95 ms | p99 ms | max ms | CPU cores | JVM RSS MiB | PostgreSQL RSS MiB |\n");
        out.append("|---|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|\n");
        sections.forEach(section -> section.rows().forEach(row -> out.append(line(row))));
        baselines.forEach(row -> out.append(line(row)));
        out.append(
                        "\nCPU cores: CPU time of the stack's JVM and PostgreSQL processes over wall time while the row ran (1.00 is one")
                .append(
                        " core busy); JVM RSS: the largest resident set of the stack's JVM sampled meanwhile; PostgreSQL RSS: the same")
                .append(" summed over PostgreSQL's server and backends (each counts the shared buffers it touched).\n");
        for (var section : sections) {
            if (!section.notes().isEmpty()) {
                out.append("\n## ").append(section.scenario()).append("\n\n");
                section.notes().forEach(note -> out.append("- ").append(note).append('\n'));
            }
        }
        comparison(sections, baselines).ifPresent(out::append);
        return out.toString();
    }

    private static String line(Row row) {
        var r = row.result();
        var u = row.usage();
        return String.format(
                Locale.ROOT,
                "| %s | %s | %s | %d | %d | %.0f | %.1f | %.1f | %.1f | %.1f | %s | %s | %s |%n",
                row.scenario(),
                r.workload(),
                r.load(),
                r.succeeded(),
                r.failed(),
                r.throughputPerSecond(),
                r.p50Millis(),
                r.p95Millis(),
                r.p99Millis(),
                r.maxMillis(),
                u.cpuText(),
                u.jvmRssText(),
                u.postgresRssText());
    }

    /** The creates' fixed-rate and closed-loop rows against the baseline rows of the same load. */
    private static Optional<String> comparison(List<Section> sections, List<Row> baselines) {
        var creates = sections.stream()
                .filter(section -> section.scenario().equals("creates"))
                .findFirst();
        if (creates.isEmpty() || baselines.isEmpty()) {
            return Optional.empty();
        }
        var out = new StringBuilder("\n## The creates against the machine's baselines\n\n");
        out.append(
                "| load | p99 / Kafka p99 | p99 / PostgreSQL p99 | ops/s / Kafka ops/s | ops/s / PostgreSQL ops/s |\n");
        out.append("|---|---:|---:|---:|---:|\n");
        for (var row : creates.get().rows()) {
            var s = row.result();
            var k = sameLoad(baselines, s.load(), "Kafka");
            var p = sameLoad(baselines, s.load(), "PostgreSQL");
            if (k.isPresent() && p.isPresent()) {
                out.append(String.format(
                        Locale.ROOT,
                        "| %s | %.1fx | %.1fx | %.2f | %.2f |%n",
                        s.load(),
                        s.p99Millis() / k.get().p99Millis(),
                        s.p99Millis() / p.get().p99Millis(),
                        s.throughputPerSecond() / k.get().throughputPerSecond(),
                        s.throughputPerSecond() / p.get().throughputPerSecond()));
            }
        }
        return Optional.of(out.toString());
    }

    private static Optional<Result> sameLoad(List<Row> baselines, String load, String workloadPrefix) {
        return baselines.stream()
                .map(Row::result)
                .filter(r -> r.load().equals(load) && r.workload().startsWith(workloadPrefix))
                .findFirst();
    }

    /** The first bar: at least {@code minPerSecond} creates per second with p99 under {@code maxP99Millis}. */
    public static String verdict(Result fixedRate, int minPerSecond, double maxP99Millis) {
        boolean throughput = fixedRate.throughputPerSecond() >= minPerSecond * 0.99 && fixedRate.failed() == 0;
        boolean latency = fixedRate.p99Millis() < maxP99Millis;
        return String.format(
                Locale.ROOT,
                "bar (>= %d creates/s with p99 < %.0f ms): %s (%.0f/s, p99 %.1f ms, %d failed)",
                minPerSecond,
                maxP99Millis,
                throughput && latency ? "MET" : "NOT MET",
                fixedRate.throughputPerSecond(),
                fixedRate.p99Millis(),
                fixedRate.failed());
    }
}
