package io.abk.billing.bench.probe;

import java.time.Duration;
import java.util.HashMap;
import java.util.Locale;

/**
 * A fixed piece of single-threaded work, timed: how fast one core of this machine runs the kind of code the stack is
 * made of (short strings made and hashed, a hash map read and written, longs boxed and added), so that two reports from
 * different machines can be set against each other. One 2-core machine ran the usage scenario three times slower than
 * another of the same kind on the same day; a figure without this one says little.
 *
 * <p>Measured on the bench's thread with nothing else of the bench running, at the start and at the end of a run: a
 * busy or throttled machine shows as the two apart.
 */
public final class CpuReference {

    /** Customers of the usage scenario's size: the map stays in the CPU's caches, as a hot store's would. */
    private static final int KEYS = 4_096;

    private static final int ROUND = 100_000;

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
                "CPU reference (%s): %.2f million map updates a second on one core (a string key made and hashed, a"
                        + " HashMap merge of a boxed long)",
                when,
                millionsPerSecond);
    }

    /** Runs rounds until {@code nanos} have passed; how many operations. */
    private static long run(long nanos) {
        var counts = new HashMap<String, Long>();
        long operations = 0;
        long until = System.nanoTime() + nanos;
        while (System.nanoTime() < until) {
            for (int i = 0; i < ROUND; i++) {
                counts.merge("cus_" + (i % KEYS), (long) i, Long::sum);
            }
            operations += ROUND;
        }
        // Keeps the map alive, so the work cannot be optimised away.
        if (counts.size() != KEYS) {
            throw new IllegalStateException("the reference map has " + counts.size() + " keys");
        }
        return operations;
    }
}
