package io.abk.billing.streams;

/**
 * TEMPORARY COMPILE-TIME STAND-IN, delete at merge (see {@link BillingStreamsConfig}). Starts nothing: the
 * handle only reports running until closed, so the local stack can be exercised before the real app lands.
 */
public final class BillingStreamsApp {

    private BillingStreamsApp() {
    }

    public static Handle start(BillingStreamsConfig config) {
        return new Handle();
    }

    /** What the real {@code start} returns: running until closed. */
    public static final class Handle implements AutoCloseable {

        private volatile boolean running = true;

        public boolean isRunning() {
            return running;
        }

        @Override
        public void close() {
            running = false;
        }
    }
}
