package io.abk.billing.streams.payment.domain;

import org.jspecify.annotations.Nullable;

/**
 * The payment's verification bookkeeping: the one in flight, if any (a payment has at most one: a second confirm
 * waits for the same answer), and how many were ever asked for (it numbers the request ids, so it never goes down).
 */
public record Verifications(@Nullable Verification inFlight, int count) {

    public static final Verifications NONE = new Verifications(null, 0);

    public Verifications {
        if (count < 0 || (inFlight != null && count == 0)) {
            throw new IllegalArgumentException("verification count " + count + " with "
                    + (inFlight == null ? "none" : inFlight.requestId()) + " in flight");
        }
    }

    /** With {@code verification} in flight, counted. */
    public Verifications started(Verification verification) {
        if (inFlight != null) {
            throw new IllegalStateException("verification " + inFlight.requestId() + " is still in flight");
        }
        return new Verifications(verification, count + 1);
    }

    /** Without the verification {@code requestId}, answered. */
    public Verifications closed(String requestId) {
        if (inFlight == null || !inFlight.requestId().equals(requestId)) {
            throw new IllegalStateException("verification " + requestId + " is not in flight");
        }
        return new Verifications(null, count);
    }
}
