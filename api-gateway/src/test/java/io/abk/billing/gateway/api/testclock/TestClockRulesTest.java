package io.abk.billing.gateway.api.testclock;

import static org.assertj.core.api.Assertions.assertThat;

import io.abk.billing.gateway.api.testclock.ClockChange.AdvanceBy;
import io.abk.billing.gateway.api.testclock.ClockChange.FreezeAt;
import io.abk.billing.gateway.api.testclock.ClockChange.Unfreeze;
import io.abk.billing.gateway.api.testclock.TestClockRules.Backwards;
import io.abk.billing.gateway.api.testclock.TestClockRules.Decision;
import io.abk.billing.gateway.api.testclock.TestClockRules.Moved;
import io.abk.billing.gateway.api.testclock.TestClockRules.TooFar;
import io.abk.billing.gateway.controlplane.clock.ClockState;
import java.time.Instant;
import java.util.stream.Stream;
import org.jspecify.annotations.Nullable;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The test clock's rules as a table (README.md, "Test clocks"): the effective now never decreases, whatever the change
 * and the clock's state.
 */
class TestClockRulesTest {

    private static final Instant WALL = Instant.parse("2026-03-01T12:00:00Z");
    private static final Instant AHEAD = WALL.plusSeconds(3_600);
    private static final Instant BEHIND = WALL.minusSeconds(3_600);

    static Stream<Arguments> cases() {
        return Stream.of(
                // clock frozen at (null: wall), change, expected frozenAt after it (null: wall clock), or the rejection
                Arguments.of("freeze ahead of the wall clock", null, new FreezeAt(AHEAD), moved(AHEAD)),
                Arguments.of("freeze exactly at the wall clock (equal is fine)", null, new FreezeAt(WALL), moved(WALL)),
                Arguments.of("freeze before the wall clock", null, new FreezeAt(WALL.minusMillis(1)), Backwards.class),
                Arguments.of("freeze at the frozen instant", AHEAD, new FreezeAt(AHEAD), moved(AHEAD)),
                Arguments.of(
                        "freeze before the frozen instant, after the wall",
                        AHEAD,
                        new FreezeAt(AHEAD.minusMillis(1)),
                        Backwards.class),
                Arguments.of(
                        "freeze a lagging clock between it and the wall",
                        BEHIND,
                        new FreezeAt(BEHIND.plusSeconds(1)),
                        moved(BEHIND.plusSeconds(1))),
                Arguments.of("unfreeze a clock ahead of the wall", AHEAD, new Unfreeze(), Backwards.class),
                Arguments.of("unfreeze a clock the wall caught up with", BEHIND, new Unfreeze(), moved(null)),
                Arguments.of("unfreeze a clock at the wall clock exactly", WALL, new Unfreeze(), moved(null)),
                Arguments.of("unfreeze a clock on the wall already", null, new Unfreeze(), moved(null)),
                Arguments.of(
                        "advance from the wall clock leaves it frozen",
                        null,
                        new AdvanceBy(60),
                        moved(WALL.plusSeconds(60))),
                Arguments.of(
                        "advance from the frozen instant, ahead",
                        AHEAD,
                        new AdvanceBy(60),
                        moved(AHEAD.plusSeconds(60))),
                Arguments.of(
                        "advance from the frozen instant, lagging",
                        BEHIND,
                        new AdvanceBy(1),
                        moved(BEHIND.plusSeconds(1))),
                Arguments.of("advance past the year 9999", TestClockRequest.LATEST, new AdvanceBy(1), TooFar.class));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("cases")
    void shouldMoveForwardOnlyWhenChanged(
            String name, @Nullable Instant frozenAt, ClockChange change, Object expected) {
        var clock = new ClockState("mer_1", frozenAt, 3, WALL, WALL);

        var decision = TestClockRules.decide(clock, change, WALL);

        if (expected instanceof Class<?> rejection) {
            assertThat(decision).isInstanceOf(rejection);
        } else {
            assertThat(decision).isEqualTo(expected);
            var next = new ClockState("mer_1", ((Moved) decision).frozenAt(), 4, WALL, WALL);
            assertThat(next.effectiveNow(WALL)).as("never backwards").isAfterOrEqualTo(clock.effectiveNow(WALL));
        }
    }

    private static Decision moved(@Nullable Instant frozenAt) {
        return new Moved(frozenAt);
    }
}
