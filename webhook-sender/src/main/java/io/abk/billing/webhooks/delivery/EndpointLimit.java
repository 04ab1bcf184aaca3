package io.abk.billing.webhooks.delivery;

import java.util.concurrent.ConcurrentHashMap;

/**
 * Bounds the attempts in flight to ONE endpoint (BILLING_WEBHOOKS_MAX_IN_FLIGHT_PER_ENDPOINT), counted across every
 * delivery loop. A loop never waits on it: a delivery whose endpoint is at its bound is deferred instead
 * ({@link Deferrals}), so a slow or dead endpoint holds at most this many attempts, and the global
 * {@link InFlightLimit} (the memory bound) cannot be filled by one endpoint alone. An endpoint with nothing in flight
 * has no entry, so the map holds only the endpoints being delivered to.
 */
public final class EndpointLimit {

    private final int max;
    private final ConcurrentHashMap<String, Integer> inFlight = new ConcurrentHashMap<>();

    public EndpointLimit(int max) {
        if (max < 1) {
            throw new IllegalArgumentException("the in-flight bound per endpoint must be at least 1, got " + max);
        }
        this.max = max;
    }

    /** Counts one more attempt to {@code endpointId} unless it already has {@code max}; false then (nothing counted). */
    public boolean tryAcquire(String endpointId) {
        var taken = new boolean[1];
        // compute is atomic per key: two loops racing for the last slot of one endpoint cannot both get it.
        inFlight.compute(endpointId, (id, count) -> {
            int current = count == null ? 0 : count;
            if (current >= max) {
                return count;
            }
            taken[0] = true;
            return current + 1;
        });
        return taken[0];
    }

    /** One attempt to {@code endpointId} is over (however it ended). */
    public void release(String endpointId) {
        inFlight.computeIfPresent(endpointId, (id, count) -> count <= 1 ? null : count - 1);
    }

    public int inFlight(String endpointId) {
        return inFlight.getOrDefault(endpointId, 0);
    }

    /** How many endpoints have an attempt in flight. */
    public int endpoints() {
        return inFlight.size();
    }

    public int max() {
        return max;
    }
}
