package io.abk.billing.streamskit.lifecycle;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;

/** The end of an app's life, once: what {@link StreamsApp#awaitTermination()} waits for, and who else waits for it. */
final class Termination {
    private final CountDownLatch ended = new CountDownLatch(1);
    private final List<Runnable> listeners = new CopyOnWriteArrayList<>();

    void end() {
        ended.countDown();
        listeners.forEach(Runnable::run);
    }

    /** Runs {@code listener} when the app ends (at once if it has). */
    void onEnd(Runnable listener) {
        listeners.add(listener);
        if (ended.getCount() == 0) {
            listener.run();
        }
    }

    void await() throws InterruptedException {
        ended.await();
    }
}
