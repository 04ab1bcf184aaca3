package io.abk.billing.gateway.api.testclock;

import java.time.Instant;

/** What a {@code POST /v1/test_clock} asks for (README.md, "Test clocks"). */
public sealed interface ClockChange {

    /** {@code {frozenAt}}: stop the clock at this instant (never before the current effective now). */
    record FreezeAt(Instant at) implements ClockChange {}

    /** {@code {frozenAt: null}}: follow the wall clock again (only once the wall clock has caught up). */
    record Unfreeze() implements ClockChange {}

    /** {@code {advanceBySeconds}}: move forward from the frozen instant (or from now), leaving the clock frozen. */
    record AdvanceBy(long seconds) implements ClockChange {}
}
