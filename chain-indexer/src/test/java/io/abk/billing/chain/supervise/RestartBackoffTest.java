package io.abk.billing.chain.supervise;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class RestartBackoffTest {

    @Test
    void shouldWaitNothingWhenTheWorkerNeverStopped() {
        assertThat(RestartBackoff.initial().delay()).isZero();
    }

    @ParameterizedTest
    @CsvSource({"1, 1", "2, 2", "3, 4", "4, 8", "5, 16", "6, 30", "7, 30", "1000, 30"})
    void shouldDoubleFromASecondUpToThirtyWhenAWorkerKeepsStoppingAtOnce(int stops, long seconds) {
        var backoff = RestartBackoff.initial();
        for (int i = 0; i < stops; i++) {
            backoff = backoff.afterStop(Duration.ofSeconds(2));
        }

        assertThat(backoff.delay()).isEqualTo(Duration.ofSeconds(seconds));
    }

    @Test
    void shouldStartTheCountOverWhenTheWorkerRanAHealthyMinuteBeforeItStopped() {
        var troubled = new RestartBackoff(6);

        assertThat(troubled.afterStop(Duration.ofMinutes(1)).delay()).isEqualTo(Duration.ofSeconds(1));
        assertThat(troubled.afterStop(Duration.ofSeconds(59)).delay()).isEqualTo(Duration.ofSeconds(30));
    }

    @Test
    void shouldWaitLongerBeforeAskingAgainWhenTheLeaseCouldNotBeConfirmed() {
        var afterOneStop = RestartBackoff.initial().afterStop(Duration.ZERO);

        assertThat(afterOneStop.afterUnknownLease().delay()).isEqualTo(Duration.ofSeconds(2));
    }
}
