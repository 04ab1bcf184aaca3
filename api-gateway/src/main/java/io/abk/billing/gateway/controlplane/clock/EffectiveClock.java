package io.abk.billing.gateway.controlplane.clock;

import io.abk.billing.gateway.platform.web.Caller;
import io.abk.billing.schemas.avro.Mode;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Function;
import java.util.function.LongSupplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import reactor.core.publisher.Mono;

/**
 * The now of a merchant and mode (README.md, "Test clocks"): live is the wall clock; test is the merchant's frozen
 * instant, else the wall clock. Clocks are cached per merchant for {@code billing.auth.key-cache-ttl}, like keys:
 * a change made here is known here at once ({@link #remember}), on other replicas within the TTL.
 *
 * <p>Two ways in. {@link #now(String, Mode)} is reactive and loads a clock older than the TTL. {@link #now(Caller)}
 * is synchronous, for the command stamper: it reads the last clock loaded, which {@link TestClockFilter} (every
 * test-mode {@code /v1} request) and the read model's checkout lookups loaded at the start of the request.
 */
public final class EffectiveClock {

    private static final Logger log = LoggerFactory.getLogger(EffectiveClock.class);
    /** Far above the test merchants one replica serves within a few minutes. */
    static final int MAX_ENTRIES = 10_000;
    /** Entries younger than this are never evicted: a request may still read the clock it loaded. */
    static final Duration KEEP_AT_LEAST = Duration.ofMinutes(5);

    private record Known(ClockState state, long loadedAtNanos) {}

    private final ConcurrentHashMap<String, Known> known = new ConcurrentHashMap<>();
    private final Clock wall;
    private final Function<String, Mono<ClockState>> load;
    private final long ttlNanos;
    private final LongSupplier nanoTime;

    /**
     * @param load the merchant's stored clock, empty when never set
     */
    public EffectiveClock(Clock wall, Function<String, Mono<ClockState>> load, Duration ttl, LongSupplier nanoTime) {
        this.wall = wall;
        this.load = load;
        this.ttlNanos = ttl.toNanos();
        this.nanoTime = nanoTime;
    }

    /** The wall clock, to the millisecond (commands and records carry milliseconds). */
    public Instant wallNow() {
        return wall.instant().truncatedTo(ChronoUnit.MILLIS);
    }

    /** The now of this merchant and mode, loading the merchant's test clock when the cached one is older than the TTL. */
    public Mono<Instant> now(String merchantId, Mode mode) {
        return mode == Mode.LIVE
                ? Mono.fromSupplier(this::wallNow)
                : testClock(merchantId).map(clock -> clock.effectiveNow(wallNow()));
    }

    /** The merchant's test clock (never set: version 0), from the cache while younger than the TTL. */
    public Mono<ClockState> testClock(String merchantId) {
        return Mono.defer(() -> {
            var cached = known.get(merchantId);
            if (cached != null && nanoTime.getAsLong() - cached.loadedAtNanos() < ttlNanos) {
                return Mono.just(cached.state());
            }
            return load.apply(merchantId)
                    .defaultIfEmpty(ClockState.never(merchantId))
                    .map(this::remember);
        });
    }

    /**
     * The caller's now without waiting: the wall clock in live mode, else from the merchant's clock as last
     * loaded (loaded at the start of every test-mode request, see the class comment).
     */
    public Instant now(Caller caller) {
        var wallNow = wallNow();
        if (caller.mode() == Mode.LIVE) {
            return wallNow;
        }
        var cached = known.get(caller.merchantId());
        if (cached == null) {
            // A bug (a path that stamps test-mode commands without loading the clock first), not input.
            log.warn(
                    "test clock not loaded merchantId={} actorId={}: using the wall clock",
                    caller.merchantId(),
                    caller.actorId());
            return wallNow;
        }
        return cached.state().effectiveNow(wallNow);
    }

    /** Keeps a clock just read or written here; an older version never replaces a newer one. Returns the newest. */
    public ClockState remember(ClockState state) {
        var now = nanoTime.getAsLong();
        if (known.size() >= MAX_ENTRIES) {
            long keep = KEEP_AT_LEAST.toNanos() + ttlNanos;
            known.values().removeIf(entry -> now - entry.loadedAtNanos() >= keep);
        }
        var kept = known.merge(
                state.merchantId(),
                new Known(state, now),
                (old, fresh) -> fresh.state().version() >= old.state().version()
                        ? fresh
                        : new Known(old.state(), fresh.loadedAtNanos()));
        return kept.state();
    }
}
