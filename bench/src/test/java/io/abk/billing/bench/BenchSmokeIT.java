package io.abk.billing.bench;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * CI's smoke of the benchmark: {@code --scenario all} with tiny sizes (a second of load a phase, 200 renewals, 300
 * subscriptions through a SIGKILL), so every scenario and the baselines are known to run to their rows. The stack
 * runs as one child process ({@code --stack process}) that recovery kills and restarts last: one cold start less
 * than an in-process stack plus recovery's own. The figures of a smoke mean nothing; the real measurements are long
 * runs of {@code ./billing bench}.
 */
class BenchSmokeIT {

    private static final int RENEWALS = 200;
    private static final Path REPORT = Path.of("target", "bench-smoke", "bench-report.md");

    /** One report row: the columns of {@code Report}'s table. */
    record Row(String scenario, String workload, String load, long ok, long failed, double perSecond) {

        static Row parse(String line) {
            var cells = line.substring(1, line.length() - 1).split("\\|");
            return new Row(
                    cells[0].strip(),
                    cells[1].strip(),
                    cells[2].strip(),
                    Long.parseLong(cells[3].strip()),
                    Long.parseLong(cells[4].strip()),
                    Double.parseDouble(cells[5].strip()));
        }
    }

    @Test
    @Timeout(value = 6, unit = TimeUnit.MINUTES)
    void shouldRunEveryScenarioToRowsWithoutFailuresWhenSizesAreTiny() throws Exception {
        // given tiny sizes for every scenario (a rate and client counts a cold stack on 2 busy cores answers in time)
        String[] args = {
            "--scenario",
            "all",
            "--stack",
            "process",
            "--warmup",
            "2",
            "--window",
            "1",
            "--duration",
            "1",
            "--rate",
            "20",
            "--clients",
            "4",
            "--get-clients",
            "4",
            "--get-pool",
            "50",
            "--renewals",
            Integer.toString(RENEWALS),
            "--webhook-events",
            "200",
            "--webhook-endpoints",
            "10",
            "--recovery-subscriptions",
            "300",
            "--partitions",
            "3",
            "--report",
            REPORT.toString()
        };
        long started = System.nanoTime();

        // when the bench runs them all
        int status = BenchMain.run(args);
        System.out.printf(
                "bench smoke: every scenario in %d s%n", TimeUnit.NANOSECONDS.toSeconds(System.nanoTime() - started));

        // then each scenario and the baselines have rows that did work, and nothing failed
        assertThat(status).isZero();
        var markdown = Files.readString(REPORT);
        var rows = markdown.lines()
                .dropWhile(line -> !line.startsWith("| scenario |"))
                .skip(2)
                .takeWhile(line -> line.startsWith("| "))
                .map(Row::parse)
                .toList();
        for (var scenario : List.of("creates", "gets", "renewals", "webhooks", "recovery", "baseline")) {
            assertThat(rows)
                    .as(scenario + " rows of\n" + markdown)
                    .anySatisfy(row -> assertThat(row.scenario()).isEqualTo(scenario));
        }
        assertThat(rows).as(markdown).allSatisfy(row -> {
            assertThat(row.ok()).as(row.toString()).isPositive();
            assertThat(row.failed()).as(row.toString()).isZero();
            assertThat(row.perSecond()).as(row.toString()).isPositive();
        });
        // the creates' warm-up curve has one row per window, and the webhooks one row per spread
        assertThat(rows).filteredOn(row -> row.load().startsWith("warm-up")).hasSize(2);
        assertThat(rows).filteredOn(row -> row.scenario().equals("webhooks")).hasSize(2);
        // and every renewal was paid exactly once
        assertThat(markdown)
                .contains("exactly once: " + RENEWALS + " invoice.paid (subscription_cycle) for " + RENEWALS
                        + " subscriptions, " + RENEWALS + " renewed, 0 extra");
        assertThat(markdown).containsPattern("exactly once: .*: yes\\n");
        // and after SIGKILL and restart the stack still had the subscriptions, their aggregates included
        assertThat(markdown)
                .contains("20 of 20 sampled subscriptions read back active")
                .contains("(its aggregate was restored): yes");
        assertThat(markdown)
                .containsPattern("cold start \\(new data directory\\): health UP after [0-9.]+ s")
                .containsPattern("restart after SIGKILL with 300 subscriptions: health UP after [0-9.]+ s");
    }
}
