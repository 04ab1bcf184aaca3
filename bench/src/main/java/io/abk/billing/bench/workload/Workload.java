package io.abk.billing.bench.workload;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;

/** One kind of operation the load generators can offer. Implementations are thread-safe. */
public interface Workload extends AutoCloseable {

    /** A short name for the report, e.g. {@code POST /v1/subscriptions}. */
    String name();

    /** Starts operation number {@code sequence}; the future completes when it is done, exceptionally if it failed. */
    CompletableFuture<Void> execute(long sequence);

    /** Runs operation number {@code sequence} to its end: true when it succeeded, false when it failed. */
    default boolean completes(long sequence) {
        try {
            execute(sequence).join();
            return true;
        } catch (CompletionException e) {
            return false;
        }
    }

    @Override
    void close();
}
