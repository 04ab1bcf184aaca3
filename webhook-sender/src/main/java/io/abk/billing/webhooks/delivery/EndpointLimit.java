package io.abk.billing.webhooks.delivery;

import io.abk.billing.webhooks.attempt.ExchangeEnd;
import java.time.Duration;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Bounds the attempts in flight to ONE endpoint, counted across every delivery loop, with a bound that adapts to how
 * the endpoint copes (additive increase, multiplicative decrease, as TCP sizes its window):
 *
 * <ul>
 *   <li>an endpoint starts with {@link #START} attempts in flight (or the ceiling, when lower);
 *   <li>each answer within the {@code fast} latency grows its window by 1/window, so a window's worth of fast answers
 *       lets one more attempt in, up to the ceiling (BILLING_WEBHOOKS_MAX_IN_FLIGHT_PER_ENDPOINT);
 *   <li>an overload (no answer, a 5xx, 408 or 429) halves it, at least 1, once per window: the failures of attempts
 *       that started before the last halving are the same overload and do not halve it again;
 *   <li>a slower answer, or an attempt never sent, leaves it as it is.
 * </ul>
 *
 * <p>It also tells a busy endpoint from a stalled one: an endpoint at its bound whose attempts keep finishing is busy
 * (its next slot is milliseconds away, so a delivery to it is held); one at its bound with no attempt finished for a
 * while is stalled (slow or black-holed: a delivery to it is deferred through Kafka, see {@link Deferrals}). So a slow
 * endpoint holds at most its window of attempts, a failing one fewer and fewer, and the global {@link InFlightLimit}
 * (the memory bound) cannot be filled by one endpoint alone. The map holds the endpoints with an attempt in flight or
 * a window other than the start: one small entry per endpoint that has been delivered to.
 */
public final class EndpointLimit {

    /** The window of an endpoint not heard from yet: few attempts until its answers show it keeps up. */
    public static final int START = 4;

    /**
     * One endpoint: attempts in flight, when it last made progress (its first attempt started or one finished), its
     * window (the bound is its whole part) and when it was last halved.
     */
    private record Endpoint(int count, long progressNanos, double window, long halvedNanos) {

        int bound() {
            return (int) window;
        }
    }

    private final int max;
    private final double start;
    private final long fastMillis;
    private final ConcurrentHashMap<String, Endpoint> endpoints = new ConcurrentHashMap<>();

    /**
     * @param max  the ceiling of any endpoint's window
     * @param fast the latency of an answer that grows the window
     */
    public EndpointLimit(int max, Duration fast) {
        if (max < 1) {
            throw new IllegalArgumentException("the in-flight bound per endpoint must be at least 1, got " + max);
        }
        this.max = max;
        this.start = Math.min(START, max);
        this.fastMillis = fast.toMillis();
    }

    /** Counts one more attempt to {@code endpointId} unless it has its bound in flight; false then (nothing counted). */
    public boolean tryAcquire(String endpointId) {
        return tryAcquire(endpointId, System.nanoTime());
    }

    boolean tryAcquire(String endpointId, long nowNanos) {
        var taken = new boolean[1];
        // compute is atomic per key: two loops racing for the last slot of one endpoint cannot both get it.
        endpoints.compute(endpointId, (id, endpoint) -> {
            // A new entry counts as halved just before now: every attempt to it starts later, so its first overload
            // halves.
            var current = endpoint == null ? new Endpoint(0, nowNanos, start, nowNanos - 1) : endpoint;
            if (current.count() >= current.bound()) {
                return current;
            }
            taken[0] = true;
            long progress = current.count() == 0 ? nowNanos : current.progressNanos();
            return new Endpoint(current.count() + 1, progress, current.window(), current.halvedNanos());
        });
        return taken[0];
    }

    /** One attempt to {@code endpointId} is over without a request sent (nothing learnt about the endpoint). */
    public void release(String endpointId) {
        release(endpointId, ExchangeEnd.NOT_SENT, System.nanoTime(), System.nanoTime());
    }

    /** One attempt to {@code endpointId}, started at {@code startedNanos}, is over: its window learns from {@code end}. */
    public void release(String endpointId, ExchangeEnd end, long startedNanos) {
        release(endpointId, end, startedNanos, System.nanoTime());
    }

    void release(String endpointId, ExchangeEnd end, long startedNanos, long nowNanos) {
        endpoints.computeIfPresent(endpointId, (id, endpoint) -> {
            double window = endpoint.window();
            long halved = endpoint.halvedNanos();
            switch (end.load()) {
                case ANSWERED -> {
                    if (end.latencyMs() <= fastMillis) {
                        window = Math.min(max, window + 1 / window);
                    }
                }
                case OVERLOADED -> {
                    if (startedNanos - halved > 0) {
                        window = Math.max(1, window / 2);
                        halved = nowNanos;
                    }
                }
                case NOT_SENT -> {
                    // nothing learnt
                }
            }
            int count = Math.max(0, endpoint.count() - 1);
            return count == 0 && window == start ? null : new Endpoint(count, nowNanos, window, halved);
        });
    }

    /** At its bound with no attempt finished for {@code patience}: waiting for a slot would take long. */
    public boolean stalled(String endpointId, long nowNanos, Duration patience) {
        var endpoint = endpoints.get(endpointId);
        return endpoint != null
                && endpoint.count() > 0
                && endpoint.count() >= endpoint.bound()
                && nowNanos - endpoint.progressNanos() >= patience.toNanos();
    }

    public int inFlight(String endpointId) {
        var endpoint = endpoints.get(endpointId);
        return endpoint == null ? 0 : endpoint.count();
    }

    /** How many attempts may be in flight to {@code endpointId} now. */
    public int bound(String endpointId) {
        var endpoint = endpoints.get(endpointId);
        return endpoint == null ? (int) start : endpoint.bound();
    }

    /** How many endpoints have an entry: an attempt in flight, or a window other than the start. */
    public int endpoints() {
        return endpoints.size();
    }

    /** The ceiling of every endpoint's window. */
    public int max() {
        return max;
    }
}
