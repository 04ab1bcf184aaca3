package io.abk.billing.streams.customer.domain;

import java.util.List;

/** The customer decider's answer to one command. */
public sealed interface CustomerDecision {

    /** Valid; these events, in order, record what changed (none: what was asked is already so). */
    record Accepted(List<CustomerEvent> events) implements CustomerDecision {
        public Accepted {
            events = List.copyOf(events);
        }
    }

    /** Breaks a rule; nothing changes. {@code message} says which rule, for the merchant to read. */
    record Rejected(CustomerRejection reason, String message) implements CustomerDecision {}
}
