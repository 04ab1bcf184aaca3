package io.abk.billing.bench.load;

import java.time.Duration;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.LockSupport;

/** Waiting for a phase's last answers: the harness paces wall-clock time, it is not a test waiting on a condition. */
final class Drain {

    private Drain() {}

    static void await(AtomicLong inFlight, Duration limit) {
        long deadline = System.nanoTime() + limit.toNanos();
        while (inFlight.get() > 0 && System.nanoTime() < deadline) {
            LockSupport.parkNanos(TimeUnit.MILLISECONDS.toNanos(10));
        }
        if (inFlight.get() > 0) {
            System.err.printf("bench: %d operations still unanswered after %s%n", inFlight.get(), limit);
        }
    }
}
