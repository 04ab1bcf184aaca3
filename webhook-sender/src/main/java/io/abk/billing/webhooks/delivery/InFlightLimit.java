package io.abk.billing.webhooks.delivery;

import java.time.Duration;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;

/**
 * Bounds the attempts in flight (BILLING_WEBHOOKS_MAX_IN_FLIGHT): a delivery loop takes a permit before it starts an
 * attempt and the attempt gives it back when it completes, so a flood of slow endpoints holds at most this many
 * records (and connections) in memory; past it the consumer threads wait. One endpoint alone cannot get here when
 * its own bound ({@link EndpointLimit}) is lower: its excess deliveries are deferred, not waited for.
 */
public final class InFlightLimit {

    private final int max;
    private final Semaphore permits;

    public InFlightLimit(int max) {
        this.max = max;
        this.permits = new Semaphore(max);
    }

    /** Takes a permit, waiting at most {@code patience}; false when none came free in time. */
    public boolean tryAcquire(Duration patience) throws InterruptedException {
        return permits.tryAcquire(patience.toNanos(), TimeUnit.NANOSECONDS);
    }

    public void release() {
        permits.release();
    }

    public int inFlight() {
        return max - permits.availablePermits();
    }
}
