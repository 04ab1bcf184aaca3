package io.abk.billing.streams.domain.subscription;

import java.util.List;

/** The decider's answer to one command: the events that follow from it, or why it is refused. */
public sealed interface Decision {

    /** The command is valid; these events, in order, record what it changed. Never empty. */
    record Accepted(List<SubscriptionEvent> events) implements Decision {
        public Accepted {
            events = List.copyOf(events);
            if (events.isEmpty()) {
                throw new IllegalArgumentException("an accepted command changes something");
            }
        }
    }

    /** The command breaks a rule; nothing changes. */
    record Rejected(RejectionReason reason, String message) implements Decision {
    }

    static Decision accept(SubscriptionEvent... events) {
        return new Accepted(List.of(events));
    }

    static Decision reject(RejectionReason reason, String message) {
        return new Rejected(reason, message);
    }
}
