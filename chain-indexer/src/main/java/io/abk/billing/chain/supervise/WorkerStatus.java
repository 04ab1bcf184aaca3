package io.abk.billing.chain.supervise;

/**
 * What one of a held chain's workers does now, for its health component.
 *
 * @param detail  why it is not running (empty while it runs)
 * @param restarts how many times it was started again since the chain's lease came to this replica
 */
public record WorkerStatus(State state, String detail, int restarts) {

    public enum State {
        RUNNING,
        /** Stopped by itself; started again once its backoff has passed and the lease is confirmed held. */
        RESTARTING,
        /** Stopped for good: the lease moved away, or a new worker would stop the same way. */
        STOPPED
    }

    public boolean running() {
        return state == State.RUNNING;
    }

    /** {@code running}, {@code restarting: <why>} or {@code stopped: <why>}. */
    String describe() {
        return switch (state) {
            case RUNNING -> "running";
            case RESTARTING -> "restarting: " + detail;
            case STOPPED -> "stopped: " + detail;
        };
    }
}
