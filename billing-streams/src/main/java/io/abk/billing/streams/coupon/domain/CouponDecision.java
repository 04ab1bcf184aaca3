package io.abk.billing.streams.coupon.domain;

import java.util.List;

/**
 * The coupon decider's answer to one command. {@link Failed} reads as a rejection from outside (a redemption past the
 * coupon's redeem-by time) but still records what the refusal taught the aggregate (it is no longer valid).
 */
public sealed interface CouponDecision {

    /** Valid; these events, in order, record what changed (none: what was asked is already so). */
    record Accepted(List<CouponEvent> events) implements CouponDecision {
        public Accepted {
            events = List.copyOf(events);
        }
    }

    /** Breaks a rule; nothing changes. {@code message} says which rule, for the merchant to read. */
    record Rejected(CouponRejection reason, String message) implements CouponDecision {}

    /** Refused with {@code reason}, and the aggregate records {@code events}, none of them published. */
    record Failed(List<CouponEvent> events, CouponRejection reason, String message) implements CouponDecision {
        public Failed {
            events = List.copyOf(events);
            if (events.stream().anyMatch(CouponEvent.Published.class::isInstance)) {
                throw new IllegalArgumentException("a failed command publishes nothing");
            }
        }
    }
}
