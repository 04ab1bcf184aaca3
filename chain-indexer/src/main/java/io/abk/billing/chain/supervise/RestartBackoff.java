package io.abk.billing.chain.supervise;

import java.time.Duration;

/**
 * How long a stopped worker waits before it may start again: {@link #FIRST} after a first stop, doubling at each stop
 * after it, up to {@link #MAX}. A worker that ran {@link #HEALTHY} before it stopped starts the count over, so one
 * stop a day always waits a second while a worker that stops at once keeps every attempt 30 s apart.
 *
 * @param stops the stops counted since the count last started over
 */
record RestartBackoff(int stops) {

    /** Long enough for a fencing replica's lease thread to hear that it lost the lease, short enough to go unnoticed. */
    static final Duration FIRST = Duration.ofSeconds(1);
    /** A worker that cannot start (its chain's node or Kafka down) tries twice a minute: its log stays readable. */
    static final Duration MAX = Duration.ofSeconds(30);
    /** A minute of work is a worker that started fine: its next stop is not part of the same trouble. */
    static final Duration HEALTHY = Duration.ofMinutes(1);

    static RestartBackoff initial() {
        return new RestartBackoff(0);
    }

    /** After a stop of a worker that had run for {@code ran}. */
    RestartBackoff afterStop(Duration ran) {
        return new RestartBackoff(ran.compareTo(HEALTHY) >= 0 ? 1 : stops + 1);
    }

    /** After a lease check that could not tell: wait longer before asking again, as after a stop. */
    RestartBackoff afterUnknownLease() {
        return new RestartBackoff(stops + 1);
    }

    /** The wait before the next start: nothing before any stop. */
    Duration delay() {
        if (stops <= 0) {
            return Duration.ZERO;
        }
        // 2^5 s already passes MAX: the shift never overflows.
        var doubled = FIRST.multipliedBy(1L << Math.min(stops - 1, 5));
        return doubled.compareTo(MAX) > 0 ? MAX : doubled;
    }
}
