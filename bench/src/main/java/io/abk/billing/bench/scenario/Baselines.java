package io.abk.billing.bench.scenario;

import io.abk.billing.bench.load.ClosedLoopLoad;
import io.abk.billing.bench.load.FixedRateLoad;
import io.abk.billing.bench.report.Report;
import io.abk.billing.bench.report.Row;
import io.abk.billing.bench.workload.KafkaRoundTripWorkload;
import io.abk.billing.bench.workload.PostgresInsertWorkload;
import io.abk.billing.bench.workload.Workload;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Supplier;

/**
 * The machine's floors, on the same broker and database as the stack and with the create's payload: a Kafka round
 * trip and a PostgreSQL insert, each warmed, then at the creates' fixed rate and closed loops.
 */
public final class Baselines {

    /** The baselines run on a JVM the scenarios have already warmed; a short warm-up fills their own pools. */
    private static final Duration WARMUP = Duration.ofSeconds(10);

    private Baselines() {}

    public static List<Row> run(
            Target target, int rate, Duration duration, List<Integer> clients, AtomicLong sequence) {
        List<Supplier<Workload>> workloads = List.of(
                () -> new KafkaRoundTripWorkload(target.bootstrap(), target.partitions()),
                () -> new PostgresInsertWorkload(target.jdbcUrl(), target.dbUser(), target.dbPassword(), 16));
        var rows = new ArrayList<Row>();
        for (var workload : workloads) {
            rows.addAll(measure(target, rate, duration, clients, sequence, workload));
        }
        return rows;
    }

    private static List<Row> measure(
            Target target,
            int rate,
            Duration duration,
            List<Integer> clients,
            AtomicLong sequence,
            Supplier<Workload> factory) {
        var rows = new ArrayList<Row>();
        var ramp = Phases.ramp(duration);
        var warmup = duration.compareTo(WARMUP) < 0 ? duration : WARMUP;
        try (var workload = factory.get()) {
            System.out.printf("bench: %s warming up for %d s ...%n", workload.name(), warmup.toSeconds());
            ClosedLoopLoad.run(workload, 8, Duration.ZERO, warmup, sequence);
            System.out.printf("bench: %s at %d/s ...%n", workload.name(), rate);
            rows.add(Phases.measured(
                    Report.BASELINE,
                    target.probe(),
                    () -> FixedRateLoad.run(workload, rate, ramp, duration, sequence)));
            for (var count : clients) {
                System.out.printf("bench: %s with %d clients ...%n", workload.name(), count);
                rows.add(Phases.measured(
                        Report.BASELINE,
                        target.probe(),
                        () -> ClosedLoopLoad.run(workload, count, ramp, duration, sequence)));
            }
        }
        return rows;
    }
}
