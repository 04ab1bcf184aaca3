package io.abk.billing.localstack.lifecycle;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The phases of one start, each timed and logged as it ends ({@code local stack phase=kafka tookMs=...}), so a slow
 * start shows which part it waited for; {@link #summary()} lists them all for the ready line. A phase may run on a
 * thread of its own ({@link #inBackground}) beside the others that do not depend on it.
 */
public final class StartPhases {

    private static final Logger log = LoggerFactory.getLogger(StartPhases.class);

    private final long startedAt = System.nanoTime();
    private final List<String> ended = new ArrayList<>();

    /** Runs {@code phase} on this thread and returns its result. */
    public <T> T timed(String name, Supplier<T> phase) {
        var started = System.nanoTime();
        var result = phase.get();
        record(name, started);
        return result;
    }

    /** As {@link #timed}, for a phase without a result. */
    public void timed(String name, Runnable phase) {
        timed(name, () -> {
            phase.run();
            return name;
        });
    }

    /** Starts {@code phase} on a thread of its own; {@link Background#join()} waits for its result. */
    public <T> Background<T> inBackground(String name, Supplier<T> phase) {
        var future = new CompletableFuture<T>();
        Thread.ofPlatform().name("local-stack-start-" + name).start(() -> {
            try {
                future.complete(timed(name, phase));
            } catch (Throwable e) {
                future.completeExceptionally(e);
            }
        });
        return new Background<>(future);
    }

    /** Every phase that ended, in the order they ended, with its time: {@code postgres=1830ms kafka=3120ms ...}. */
    public synchronized String summary() {
        return String.join(" ", ended);
    }

    private synchronized void record(String name, long started) {
        var took = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - started);
        var at = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - startedAt);
        ended.add(name + "=" + took + "ms");
        log.info("local stack phase={} tookMs={} endedAtMs={}", name, took, at);
    }

    /** A phase running on its own thread. */
    public static final class Background<T> {

        private final CompletableFuture<T> future;

        private Background(CompletableFuture<T> future) {
            this.future = future;
        }

        /** Waits for the phase; rethrows what it threw. */
        public T join() {
            try {
                return future.join();
            } catch (CompletionException e) {
                if (e.getCause() instanceof RuntimeException runtime) {
                    throw runtime;
                }
                if (e.getCause() instanceof Error error) {
                    throw error;
                }
                throw e;
            }
        }

        /**
         * Waits for the phase after the caller failed, and closes what it started, so nothing outlives a failed
         * start; a failure of the phase itself is added to {@code failure}.
         */
        public void closeAfter(RuntimeException failure) {
            try {
                var started = join();
                if (started instanceof AutoCloseable closeable) {
                    closeable.close();
                }
            } catch (Exception e) {
                failure.addSuppressed(e);
            }
        }
    }
}
