package io.abk.billing.chain.follow;

/** A condition the follower cannot resolve by waiting: it stops, and {@link #stop()} says why. */
final class FollowerStopped extends RuntimeException {

    private final FollowerStop stop;

    FollowerStopped(String reason) {
        this(new FollowerStop(reason, false));
    }

    FollowerStopped(FollowerStop stop) {
        super(stop.reason());
        this.stop = stop;
    }

    FollowerStop stop() {
        return stop;
    }
}
