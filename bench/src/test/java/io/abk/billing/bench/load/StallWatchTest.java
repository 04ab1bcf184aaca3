package io.abk.billing.bench.load;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

class StallWatchTest {

    private final List<String> captured = new ArrayList<>();
    private final StallWatch watch = new StallWatch(
            reason -> {
                captured.add(reason);
                return List.of(Path.of("dump-" + captured.size() + ".txt"));
            },
            Duration.ofMillis(100));

    @Test
    void shouldCaptureNothingWhenEveryRequestEndsQuickly() {
        watch.started(1, System.nanoTime());
        watch.ended(1, 2_000);

        watch.look();

        assertThat(captured).isEmpty();
        assertThat(watch.seen()).isEmpty();
    }

    @Test
    void shouldCaptureWhenARequestWaitsPastTheThresholdThoughNoneEnded() {
        // A full stall ends no request at all: the oldest waiting one must trigger the dumps on its own.
        watch.started(1, System.nanoTime() - TimeUnit.SECONDS.toNanos(1));

        watch.look();

        assertThat(captured).hasSize(1);
        assertThat(watch.seen())
                .singleElement()
                .asString()
                .contains("1 waiting")
                .contains("cores")
                .contains("dump-1.txt");
    }

    @Test
    void shouldCaptureWhenTheSecondsP99PassesTheThreshold() {
        for (long i = 0; i < 100; i++) {
            watch.started(i, System.nanoTime());
            watch.ended(i, i < 90 ? 1_000 : 400_000);
        }

        watch.look();

        assertThat(captured).hasSize(1);
        assertThat(watch.seen())
                .singleElement()
                .asString()
                .contains("100 requests")
                .contains("p99");
    }

    @Test
    void shouldCaptureOnceAStallNotEverySecondOfIt() {
        watch.started(1, System.nanoTime() - TimeUnit.SECONDS.toNanos(1));

        watch.look();
        watch.look();
        watch.look();

        assertThat(captured).hasSize(1);
        assertThat(watch.seen()).hasSize(3);
    }
}
