package io.abk.billing.chain.worker;

import java.time.Duration;

/** Stopping a worker's thread after its loop was told to end: a follower's or a relayer's. */
public final class WorkerThreads {

    private WorkerThreads() {}

    /**
     * Waits up to {@code patience} for {@code thread} to end; one still running then (stuck in a wait that does not
     * look at the stop) is interrupted and waited for up to {@code patience} again, so this returns within twice
     * {@code patience}. A thread never started is left alone; an interrupt of the caller ends the wait and is kept.
     */
    public static void stop(Thread thread, Duration patience) {
        try {
            if (!thread.join(patience) && thread.isAlive()) {
                thread.interrupt();
                thread.join(patience);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (IllegalThreadStateException e) {
            // never started
        }
    }
}
