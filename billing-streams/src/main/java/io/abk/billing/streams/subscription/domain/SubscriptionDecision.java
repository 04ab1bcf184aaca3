package io.abk.billing.streams.subscription.domain;

import java.util.List;

/**
 * The decider's answer to one command: the events that follow from it, or why it is refused. Every decision
 * reads as accepted or rejected from outside; {@link Failed} is a rejection that still changes the aggregate's
 * own bookkeeping.
 */
public sealed interface SubscriptionDecision {

    /**
     * The command is valid; these events, in order, record what it changed. May be empty: a command asking for
     * what is already so (cancel at period end twice) is accepted and changes nothing.
     */
    record Accepted(List<SubscriptionEvent> events) implements SubscriptionDecision {
        public Accepted {
            events = List.copyOf(events);
        }
    }

    /** The command breaks a rule; nothing changes. */
    record Rejected(SubscriptionRejection reason, String message) implements SubscriptionDecision {}

    /**
     * The command's outcome is a refusal the caller must see (a refund the chain did not make), but the
     * aggregate still records {@code events}, none of them {@link SubscriptionEvent.Published} (the refund's
     * reservation is released).
     */
    record Failed(List<SubscriptionEvent> events, SubscriptionRejection reason, String message)
            implements SubscriptionDecision {
        public Failed {
            events = List.copyOf(events);
            if (events.stream().anyMatch(SubscriptionEvent.Published.class::isInstance)) {
                throw new IllegalArgumentException("a failed command publishes nothing");
            }
        }
    }

    static SubscriptionDecision accept(SubscriptionEvent... events) {
        return new Accepted(List.of(events));
    }

    static SubscriptionDecision reject(SubscriptionRejection reason, String message) {
        return new Rejected(reason, message);
    }
}
