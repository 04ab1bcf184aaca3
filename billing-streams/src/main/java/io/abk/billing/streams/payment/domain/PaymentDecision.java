package io.abk.billing.streams.payment.domain;

import java.util.List;
import org.jspecify.annotations.Nullable;

/**
 * The payment decider's answer to one command. {@link Failed} reads as a rejection from outside (the verification
 * refused the transfer) but still records the aggregate's bookkeeping (the verification is answered).
 */
public sealed interface PaymentDecision {

    /**
     * Valid; these events, in order, record what changed (none: what was asked is already so).
     * {@code followUpCommandId} names the command whose outcome answers this one (a verification's result).
     */
    record Accepted(List<PaymentEvent> events, @Nullable String followUpCommandId) implements PaymentDecision {
        public Accepted {
            events = List.copyOf(events);
        }
    }

    /** Breaks a rule; nothing changes. */
    record Rejected(PaymentRejection reason, String message) implements PaymentDecision {}

    /**
     * The verification refused the transfer: the caller sees {@code code} and {@code message} (e.g.
     * {@code PAYMENT_TX_ALREADY_USED}), the aggregate records {@code events}, none of them published.
     */
    record Failed(List<PaymentEvent> events, String code, String message) implements PaymentDecision {
        public Failed {
            events = List.copyOf(events);
            if (events.stream().anyMatch(PaymentEvent.Published.class::isInstance)) {
                throw new IllegalArgumentException("a failed command publishes nothing");
            }
        }
    }
}
