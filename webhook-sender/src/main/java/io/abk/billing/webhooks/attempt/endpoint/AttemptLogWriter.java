package io.abk.billing.webhooks.attempt.endpoint;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Writes the attempts' log rows and health changes in batches: one thread takes what the finished attempts queued
 * and writes up to {@code maxBatch} of them in one transaction ({@link DeliveryLog#recordAll}), so a busy sender
 * pays one commit for many attempts instead of one each, and an attempt waits for its batch no longer than the
 * transaction before it takes. An attempt's future completes once its row is committed, with whether its endpoint
 * is disabled afterwards. A batch that fails (a deadlock with another replica's batch, a row the database refuses)
 * is written again row by row, so one bad row fails only its own attempt.
 */
public final class AttemptLogWriter implements AutoCloseable {

    private static final Logger LOG = LoggerFactory.getLogger(AttemptLogWriter.class);

    private record Queued(DeliveryLog.Attempt attempt, CompletableFuture<Boolean> done) {}

    private final DeliveryLog log;
    private final Duration disableAfter;
    private final int maxBatch;
    private final LinkedBlockingQueue<Queued> queue = new LinkedBlockingQueue<>();
    private final Thread thread;
    private final AtomicLong transactions = new AtomicLong();
    /** Set false once, under this object's lock, so no attempt is queued after the thread's last look at the queue. */
    private volatile boolean open = true;

    public AttemptLogWriter(DeliveryLog log, Duration disableAfter, int maxBatch, String threadName) {
        if (maxBatch < 1) {
            throw new IllegalArgumentException("a batch holds at least one attempt: " + maxBatch);
        }
        this.log = log;
        this.disableAfter = disableAfter;
        this.maxBatch = maxBatch;
        this.thread = Thread.ofPlatform().name(threadName).daemon(true).start(this::run);
    }

    /** Queues the attempt; its future tells whether the endpoint is disabled after it, once committed. */
    public CompletableFuture<Boolean> record(AttemptRow row, HealthChange change) {
        var done = new CompletableFuture<Boolean>();
        synchronized (this) {
            if (open) {
                queue.add(new Queued(new DeliveryLog.Attempt(row, change), done));
                return done;
            }
        }
        done.completeExceptionally(new RejectedExecutionException("the attempt log is closed"));
        return done;
    }

    private void run() {
        var batch = new ArrayList<Queued>(maxBatch);
        while (open || !queue.isEmpty()) {
            try {
                var first = queue.poll(100, TimeUnit.MILLISECONDS);
                if (first == null) {
                    continue;
                }
                batch.add(first);
                queue.drainTo(batch, maxBatch - 1);
                write(batch);
            } catch (InterruptedException interrupted) {
                Thread.currentThread().interrupt();
                break;
            } finally {
                batch.clear();
            }
        }
        // Only an interrupt ends the loop with rows queued: fail them rather than leave their attempts waiting.
        Queued left;
        while ((left = queue.poll()) != null) {
            left.done()
                    .completeExceptionally(
                            new RejectedExecutionException("the attempt log was closed before this row"));
        }
    }

    /** How many batch transactions were written (not counting a failed batch's rows written one by one). */
    public long batchesWritten() {
        return transactions.get();
    }

    private void write(List<Queued> batch) {
        try {
            var disabled = log.recordAll(batch.stream().map(Queued::attempt).toList(), disableAfter);
            transactions.incrementAndGet();
            for (int i = 0; i < batch.size(); i++) {
                batch.get(i).done().complete(disabled[i]);
            }
        } catch (RuntimeException batchFailed) {
            LOG.warn(
                    "attempt log batch failed rows={} action=write_one_by_one error=\"{}\"",
                    batch.size(),
                    batchFailed.toString());
            for (var queued : batch) {
                try {
                    var attempt = queued.attempt();
                    queued.done().complete(log.record(attempt.row(), attempt.change(), disableAfter));
                } catch (RuntimeException rowFailed) {
                    queued.done().completeExceptionally(rowFailed);
                }
            }
        }
    }

    /** Writes what is queued (within {@code patience}), then stops; later records are refused. */
    public void close(Duration patience) {
        synchronized (this) {
            open = false;
        }
        try {
            thread.join(patience);
        } catch (InterruptedException interrupted) {
            Thread.currentThread().interrupt();
        }
        if (thread.isAlive()) {
            thread.interrupt();
        }
    }

    @Override
    public void close() {
        close(Duration.ofSeconds(10));
    }
}
