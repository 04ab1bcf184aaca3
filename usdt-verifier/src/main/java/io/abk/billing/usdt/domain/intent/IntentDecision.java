package io.abk.billing.usdt.domain.intent;

import io.abk.billing.usdt.domain.match.MatchReport;
import java.util.List;
import org.jspecify.annotations.Nullable;

/** The intent decider's answer to one command. */
public sealed interface IntentDecision {

    /**
     * Valid; these events record what changed (none: what was asked is already so, e.g. a second confirm of a
     * confirmed intent, which answers with the first confirmation). {@code followUp} names the command whose outcome
     * answers this one (the claim of a transaction).
     */
    record Accepted(List<IntentEvent> events, @Nullable String followUp) implements IntentDecision {
        public Accepted {
            events = List.copyOf(events);
        }
    }

    /**
     * Refused with the API's {@code code} and a sentence; {@code match} tells how the transaction compared when
     * one was looked at. {@code events} is empty except for a refused claim, which reopens the intent.
     */
    record Rejected(
            List<IntentEvent> events,
            String code,
            String message,
            @Nullable MatchReport match) implements IntentDecision {
        public Rejected {
            events = List.copyOf(events);
            if (events.stream().anyMatch(IntentEvent.Published.class::isInstance)) {
                throw new IllegalArgumentException("a rejected command publishes nothing");
            }
        }

        static Rejected of(IntentRejection reason, String message) {
            return new Rejected(List.of(), reason.code(), message, null);
        }
    }
}
