package io.abk.billing.streams.subscription.domain;

import org.jspecify.annotations.Nullable;

/** The subscription's one mandate: its status and, once set up on chain, the vault's subscription id. */
public record Mandate(MandateStatus status, @Nullable String onChainSubscriptionId) {

    public static Mandate pending() {
        return new Mandate(MandateStatus.PENDING, null);
    }

    public boolean isActive() {
        return status == MandateStatus.ACTIVE;
    }

    /** Set up by the customer; the on-chain id is kept as given (null when the caller has none). */
    public Mandate activated(@Nullable String onChainSubscriptionId) {
        return new Mandate(MandateStatus.ACTIVE, onChainSubscriptionId);
    }

    /** Revoked; the on-chain id stays for the record. */
    public Mandate revoked() {
        return new Mandate(MandateStatus.REVOKED, onChainSubscriptionId);
    }
}
