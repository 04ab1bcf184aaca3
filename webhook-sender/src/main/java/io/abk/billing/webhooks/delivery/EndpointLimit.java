package io.abk.billing.webhooks.delivery;

import java.time.Duration;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Bounds the attempts in flight to ONE endpoint (BILLING_WEBHOOKS_MAX_IN_FLIGHT_PER_ENDPOINT), counted across every
 * delivery loop, and tells a busy endpoint from a stalled one: an endpoint at its bound whose attempts keep finishing
 * is busy (its next slot is milliseconds away, so a delivery to it is held); one at its bound with no attempt
 * finished for a while is stalled (slow or black-holed: a delivery to it is deferred through Kafka, see
 * {@link Deferrals}). So a slow endpoint holds at most this many attempts, and the global {@link InFlightLimit} (the
 * memory bound) cannot be filled by one endpoint alone. An endpoint with nothing in flight has no entry, so the map
 * holds only the endpoints being delivered to.
 */
public final class EndpointLimit {

    /** In flight to one endpoint, and when it last made progress: its first attempt started or one finished. */
    private record Busy(int count, long progressNanos) {}

    private final int max;
    private final ConcurrentHashMap<String, Busy> inFlight = new ConcurrentHashMap<>();

    public EndpointLimit(int max) {
        if (max < 1) {
            throw new IllegalArgumentException("the in-flight bound per endpoint must be at least 1, got " + max);
        }
        this.max = max;
    }

    /** Counts one more attempt to {@code endpointId} unless it already has {@code max}; false then (nothing counted). */
    public boolean tryAcquire(String endpointId) {
        return tryAcquire(endpointId, System.nanoTime());
    }

    boolean tryAcquire(String endpointId, long nowNanos) {
        var taken = new boolean[1];
        // compute is atomic per key: two loops racing for the last slot of one endpoint cannot both get it.
        inFlight.compute(endpointId, (id, busy) -> {
            if (busy == null) {
                taken[0] = true;
                return new Busy(1, nowNanos);
            }
            if (busy.count() >= max) {
                return busy;
            }
            taken[0] = true;
            return new Busy(busy.count() + 1, busy.progressNanos());
        });
        return taken[0];
    }

    /** One attempt to {@code endpointId} is over (however it ended). */
    public void release(String endpointId) {
        release(endpointId, System.nanoTime());
    }

    void release(String endpointId, long nowNanos) {
        inFlight.computeIfPresent(
                endpointId, (id, busy) -> busy.count() <= 1 ? null : new Busy(busy.count() - 1, nowNanos));
    }

    /** At its bound with no attempt finished for {@code patience}: waiting for a slot would take long. */
    public boolean stalled(String endpointId, long nowNanos, Duration patience) {
        var busy = inFlight.get(endpointId);
        return busy != null && busy.count() >= max && nowNanos - busy.progressNanos() >= patience.toNanos();
    }

    public int inFlight(String endpointId) {
        var busy = inFlight.get(endpointId);
        return busy == null ? 0 : busy.count();
    }

    /** How many endpoints have an attempt in flight. */
    public int endpoints() {
        return inFlight.size();
    }

    public int max() {
        return max;
    }
}
