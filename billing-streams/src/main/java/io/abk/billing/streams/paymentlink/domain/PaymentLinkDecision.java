package io.abk.billing.streams.paymentlink.domain;

import java.util.List;
import org.jspecify.annotations.Nullable;

/** The payment link decider's answer to one command. */
public sealed interface PaymentLinkDecision {

    /**
     * Valid; these events, in order, record what changed (none: what was asked is already so).
     * {@code followUpCommandId} names the command whose outcome answers this one (an open's minted payment).
     */
    record Accepted(List<PaymentLinkEvent> events, @Nullable String followUpCommandId) implements PaymentLinkDecision {
        public Accepted {
            events = List.copyOf(events);
        }
    }

    /** Breaks a rule; nothing changes. {@code message} says which rule, for the customer or merchant to read. */
    record Rejected(PaymentLinkRejection reason, String message) implements PaymentLinkDecision {}
}
