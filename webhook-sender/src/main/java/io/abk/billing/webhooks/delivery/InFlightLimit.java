package io.abk.billing.webhooks.delivery;

import java.time.Duration;
import java.util.concurrent.Semaphore;

/**
 * Bounds the attempts in flight (BILLING_WEBHOOKS_MAX_IN_FLIGHT): the listener takes a permit before it starts an
 * attempt and the attempt gives it back when it completes, so a flood of slow endpoints holds at most this many
 * records (and connections) in memory; past it the consumer threads wait.
 */
public final class InFlightLimit {

    private final int max;
    private final Semaphore permits;

    public InFlightLimit(int max) {
        this.max = max;
        this.permits = new Semaphore(max);
    }

    public void acquire() throws InterruptedException {
        permits.acquire();
    }

    public void release() {
        permits.release();
    }

    public int inFlight() {
        return max - permits.availablePermits();
    }

    /** Waits until no attempt is in flight or {@code patience} has passed; true when none is. */
    public boolean awaitIdle(Duration patience) throws InterruptedException {
        var deadline = System.nanoTime() + patience.toNanos();
        while (inFlight() > 0) {
            if (System.nanoTime() - deadline > 0) {
                return false;
            }
            Thread.sleep(20); // a poll, not synchronisation between tests: shutdown has nothing to wait on
        }
        return true;
    }
}
