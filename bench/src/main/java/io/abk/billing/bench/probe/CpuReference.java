package io.abk.billing.bench.probe;

import java.time.Duration;
import java.util.HashMap;
import java.util.Locale;
import java.util.Objects;

/**
 * A fixed piece of single-threaded work, timed: how fast one core of this machine reads a hash map by string keys and
 * updates what it finds, so that two reports from different machines can be set against each other. One 2-core machine
 * ran the usage scenario three times slower than another of the same kind on the same day; a figure without this one
 * says little.
 *
 * <p>The work allocates nothing: an earlier reference that made a string and boxed a long per operation measured the
 * JVM's young heap as much as the core (9, then 13, then 40 million a second in one JVM as the heap grew; this one gave
 * 218 to 256 there). Measured on the bench's thread with nothing else of the bench running, at the start and at the end
 * of a run: a busy or throttled machine shows as the two apart.
 */
public final class CpuReference {

    /** Customers of the usage scenario's size: the map stays in the CPU's caches, as a hot store's would. */
    private static final int KEYS = 4_096;

    private CpuReference() {}

    /** Millions of operations a second over {@code duration}, after a warm-up of a quarter of it. */
    public static double measure(Duration duration) {
        run(duration.dividedBy(4).toNanos());
        long operations = run(duration.toNanos());
        return operations / (duration.toNanos() / 1e9) / 1e6;
    }

    /** One line for the report. */
    public static String describe(String when, double millionsPerSecond) {
        return String.format(
                Locale.ROOT,
                "CPU reference (%s): %.2f million map updates a second on one core (a HashMap read by a string key, a"
                        + " counter added to; nothing allocated)",
                when,
                millionsPerSecond);
    }

    /** Runs rounds until {@code nanos} have passed; how many operations. */
    private static long run(long nanos) {
        var keys = new String[KEYS];
        var counts = new HashMap<String, long[]>();
        for (int i = 0; i < KEYS; i++) {
            keys[i] = "cus_" + i;
            counts.put(keys[i], new long[1]);
        }
        long operations = 0;
        long total = 0;
        int round = 0;
        long until = System.nanoTime() + nanos;
        while (System.nanoTime() < until) {
            total += round(counts, keys, round++);
            operations += KEYS;
        }
        // Uses the sums, so the work cannot be optimised away.
        if (total == Long.MIN_VALUE) {
            throw new IllegalStateException("the reference overflowed");
        }
        return operations;
    }

    /** One pass over every key, in an order that changes with {@code round}; the last counter's value. */
    private static long round(HashMap<String, long[]> counts, String[] keys, int round) {
        long last = 0;
        for (int i = 0; i < KEYS; i++) {
            var counter = Objects.requireNonNull(counts.get(keys[(i * 7 + round) & (KEYS - 1)]));
            counter[0] += i;
            last = counter[0];
        }
        return last;
    }
}
