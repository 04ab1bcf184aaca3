package io.abk.billing.streams.promotioncode.domain;

import java.util.List;

/** The promotion code decider's answer to one command. */
public sealed interface PromotionCodeDecision {

    /** Valid; these events, in order, record what changed (none: what was asked is already so). */
    record Accepted(List<PromotionCodeEvent> events) implements PromotionCodeDecision {
        public Accepted {
            events = List.copyOf(events);
        }
    }

    /** Breaks a rule; nothing changes. {@code message} says which rule, for the merchant to read. */
    record Rejected(PromotionCodeRejection reason, String message) implements PromotionCodeDecision {}
}
