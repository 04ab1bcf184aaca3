package io.abk.billing.bench.workload;

import java.util.concurrent.CompletableFuture;

/** One kind of operation the load generators can offer. Implementations are thread-safe. */
public interface Workload extends AutoCloseable {

    /** A short name for the report, e.g. {@code POST /v1/subscriptions}. */
    String name();

    /** Starts operation number {@code sequence}; the future completes when it is done, exceptionally if it failed. */
    CompletableFuture<Void> execute(long sequence);

    @Override
    void close();
}
