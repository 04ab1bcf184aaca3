package io.abk.billing.bench.load;

import static org.assertj.core.api.Assertions.assertThat;

import io.abk.billing.bench.workload.Workload;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

class LoadGeneratorsTest {

    /** Completes at once; every third operation fails. */
    static final class Instant implements Workload {
        @Override
        public String name() {
            return "instant";
        }

        @Override
        public CompletableFuture<Void> execute(long sequence) {
            return sequence % 3 == 0
                    ? CompletableFuture.failedFuture(new IllegalStateException("no"))
                    : CompletableFuture.completedFuture(null);
        }

        @Override
        public void close() {}
    }

    @Test
    void shouldCountExactlyTheOperationsIntendedInsideTheMeasuredWindow() {
        // The schedule, not the machine's speed, decides which operations count: 200/s for 1 s is 200 operations.
        var sequence = new AtomicLong();
        var result = FixedRateLoad.run(new Instant(), 200, Duration.ofMillis(100), Duration.ofSeconds(1), sequence);

        assertThat(result.succeeded() + result.failed()).isEqualTo(200);
        assertThat(result.failed()).isBetween(66L, 67L);
        assertThat(sequence.get()).isEqualTo(220);
    }

    @Test
    void shouldKeepEveryClientBusyUntilTheWindowEndsWhenClosedLoop() {
        var sequence = new AtomicLong(1);
        var result = ClosedLoopLoad.run(new Instant(), 4, Duration.ZERO, Duration.ofMillis(200), sequence);

        assertThat(result.succeeded()).isPositive();
        assertThat(result.failed()).isPositive();
        assertThat(result.load()).contains("4 clients");
    }

    @Test
    void shouldReportEachWindowOnItsOwnWhenDrawingAWarmUpCurve() {
        var sequence = new AtomicLong(1);
        var results = WindowedLoad.run(new Instant(), 2, Duration.ofMillis(200), 3, sequence);

        assertThat(results).hasSize(3).allSatisfy(result -> {
            assertThat(result.succeeded()).isPositive();
            assertThat(result.failed()).isPositive();
            assertThat(result.window()).isEqualTo(Duration.ofMillis(200));
        });
        assertThat(results.get(2).load()).startsWith("warm-up 0.4-0.6 s").contains("2 clients");
    }
}
