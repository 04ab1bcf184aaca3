package io.abk.billing.gateway.api.testclock;

import io.abk.billing.gateway.api.testclock.ClockChange.AdvanceBy;
import io.abk.billing.gateway.api.testclock.ClockChange.FreezeAt;
import io.abk.billing.gateway.api.testclock.ClockChange.Unfreeze;
import io.abk.billing.gateway.controlplane.clock.ClockState;
import java.time.Instant;
import org.jspecify.annotations.Nullable;

/**
 * The rule of a test clock change, pure: the effective now never decreases. {@code wallNow} is read after the
 * clock's row is locked, so concurrent changes of one merchant each see the result of the one before.
 */
public final class TestClockRules {

    /** A change's result: the clock's new frozen instant (null: the wall clock), or why it would go backwards. */
    public sealed interface Decision {}

    public record Moved(@Nullable Instant frozenAt) implements Decision {}

    public record Backwards(String reason) implements Decision {}

    /** An advance that would carry the clock past {@link TestClockRequest#LATEST} (stores and records hold no later). */
    public record TooFar(String reason) implements Decision {}

    private TestClockRules() {}

    public static Decision decide(ClockState current, ClockChange change, Instant wallNow) {
        var effectiveNow = current.effectiveNow(wallNow);
        return switch (change) {
            case FreezeAt freeze ->
                freeze.at().isBefore(effectiveNow)
                        ? new Backwards("frozenAt " + freeze.at() + " is before the clock's current time "
                                + effectiveNow + ": a test clock only moves forward")
                        : new Moved(freeze.at());
            case Unfreeze unfreeze ->
                current.frozenAt() != null && current.frozenAt().isAfter(wallNow)
                        ? new Backwards(
                                "The clock is frozen at " + current.frozenAt() + ", ahead of the wall clock (" + wallNow
                                        + "): returning to the wall clock would move it backwards; wait until then or keep it frozen")
                        : new Moved(null);
            case AdvanceBy advance -> {
                var to = effectiveNow.plusSeconds(advance.seconds());
                yield to.isAfter(TestClockRequest.LATEST)
                        ? new TooFar("advanceBySeconds would move the clock past " + TestClockRequest.LATEST)
                        : new Moved(to);
            }
        };
    }
}
