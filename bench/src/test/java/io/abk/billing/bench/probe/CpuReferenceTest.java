package io.abk.billing.bench.probe;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import org.junit.jupiter.api.Test;

class CpuReferenceTest {

    @Test
    void shouldReportAPositiveRateWithWhatItMeasuredWhenRun() {
        var rate = CpuReference.measure(Duration.ofMillis(200));

        assertThat(rate).isPositive().isFinite();
        assertThat(CpuReference.describe("before", 12.345))
                .isEqualTo(
                        "CPU reference (before): 12.35 million map updates a second on one core (a HashMap read by a string"
                                + " key, a counter added to; nothing allocated)");
    }
}
