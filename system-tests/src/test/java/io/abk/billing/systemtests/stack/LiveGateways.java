package io.abk.billing.systemtests.stack;

import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import java.util.function.Function;
import java.util.function.Predicate;
import java.util.function.Supplier;

/**
 * How the scale-out's clients send a request to a deployment that loses a gateway now and then, as an SDK would: to
 * one of the live gateways, and, while the answer is not final (the connection broke, or {@code again} says so, a 503
 * for one), once more to the next gateway after a back-off, until {@link #GIVE_UP_AFTER}.
 */
final class LiveGateways {

    /** How long one request may keep retrying: far above a failover (session timeouts of 10 s, a rebalance). */
    static final Duration GIVE_UP_AFTER = Duration.ofSeconds(120);
    /** Between retries of one request: a client's back-off, so a dead gateway is not hammered. */
    private static final Duration BACK_OFF = Duration.ofMillis(250);

    private final Supplier<List<String>> gateways;

    LiveGateways(Supplier<List<String>> gateways) {
        this.gateways = gateways;
    }

    /**
     * Sends the request {@code call} makes for a gateway's base URL, starting at the gateway {@code number} picks, and
     * returns the first final answer; empty when none came in time, or at once when the connection broke and
     * {@code repeatBroken} is false (a request that is not safe to repeat).
     */
    Optional<Reply> send(int number, Function<String, Call> call, Predicate<Reply> again, boolean repeatBroken) {
        var giveUpAt = System.nanoTime() + GIVE_UP_AFTER.toNanos();
        for (int attempt = 0; System.nanoTime() - giveUpAt < 0; attempt++) {
            var live = gateways.get();
            if (live.isEmpty()) {
                pause();
                continue;
            }
            var gateway = live.get(Math.floorMod(number + attempt, live.size()));
            Reply reply;
            try {
                reply = call.apply(gateway)
                        .timeout(Duration.ofSeconds(30))
                        .sendAsync()
                        .get(40, TimeUnit.SECONDS);
            } catch (Exception broken) {
                if (!repeatBroken) {
                    return Optional.empty();
                }
                pause();
                continue;
            }
            if (!again.test(reply)) {
                return Optional.of(reply);
            }
            pause();
        }
        return Optional.empty();
    }

    static void pause() {
        LockSupport.parkNanos(BACK_OFF.toNanos());
    }
}
