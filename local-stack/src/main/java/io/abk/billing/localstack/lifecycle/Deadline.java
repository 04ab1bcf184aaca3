package io.abk.billing.localstack.lifecycle;

import java.time.Duration;
import java.util.Optional;
import java.util.concurrent.locks.LockSupport;
import java.util.function.Supplier;

/**
 * Polls a condition until it holds or time runs out. Start-up code has no test library to lean on, so this is
 * the one place that waits; it parks between polls instead of spinning.
 */
public record Deadline(long deadlineNanos) {

    public static Deadline in(Duration timeout) {
        return new Deadline(System.nanoTime() + timeout.toNanos());
    }

    public boolean expired() {
        return System.nanoTime() - deadlineNanos >= 0;
    }

    public Duration remaining() {
        return Duration.ofNanos(Math.max(0, deadlineNanos - System.nanoTime()));
    }

    /**
     * Calls {@code probe} every {@code interval} until it returns a value or the deadline passes.
     *
     * @return the first value, or empty when the deadline passed first
     */
    public <T> Optional<T> poll(Duration interval, Supplier<Optional<T>> probe) {
        while (true) {
            var result = probe.get();
            if (result.isPresent() || expired()) {
                return result;
            }
            LockSupport.parkNanos(Math.min(interval.toNanos(), remaining().toNanos()));
            if (Thread.currentThread().isInterrupted()) {
                throw new IllegalStateException("interrupted while waiting");
            }
        }
    }
}
