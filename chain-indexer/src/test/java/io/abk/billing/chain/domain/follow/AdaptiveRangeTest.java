package io.abk.billing.chain.domain.follow;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class AdaptiveRangeTest {

    @ParameterizedTest(name = "size {0}, {1} ms, {2} logs -> {3}")
    @CsvSource({
        "100, 200, 10, 200", // fast and small: double
        "600, 200, 10, 1000", // never past max
        "100, 1500, 10, 100", // slow: keep
        "100, 200, 5000, 100", // many logs: keep
        "1000, 10, 0, 1000"
    }) // at max already
    void shouldGrowOnlyAfterFastSmallAnswers(int size, long millis, int logs, int expected) {
        assertThat(new AdaptiveRange(10, 1000, size).afterAnswer(millis, logs).size())
                .isEqualTo(expected);
    }

    @ParameterizedTest(name = "size {0} refused -> {1}")
    @CsvSource({"1000, 500", "21, 10", "11, 10", "10, 10"})
    void shouldHalveDownToMinAfterARefusal(int size, int expected) {
        assertThat(new AdaptiveRange(10, 1000, size).afterRefusal().size()).isEqualTo(expected);
    }

    @ParameterizedTest(name = "size {0} from {1} tip {2} -> {3}")
    @CsvSource({"100, 1, 1000, 100", "100, 950, 1000, 1000", "100, 1000, 1000, 1000"})
    void shouldEndAtTheConfirmedTipAtMost(int size, long from, long tip, long expected) {
        assertThat(new AdaptiveRange(1, 1000, size).end(from, tip)).isEqualTo(expected);
    }

    @ParameterizedTest(name = "initial {0} -> {1}")
    @CsvSource({"0, 10", "5000, 1000", "50, 50"})
    void shouldClampTheInitialSize(int initial, int expected) {
        var range = AdaptiveRange.start(10, 1000, initial);

        assertThat(range.size()).isEqualTo(expected);
        assertThat(range.canShrink()).isEqualTo(expected > 10);
    }
}
