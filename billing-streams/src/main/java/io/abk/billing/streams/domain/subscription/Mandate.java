package io.abk.billing.streams.domain.subscription;

import org.jspecify.annotations.Nullable;

/** The subscription's one mandate: its status and, once set up on chain, the vault's subscription id. */
public record Mandate(MandateStatus status, @Nullable String onChainSubscriptionId) {

    public static Mandate pending() {
        return new Mandate(MandateStatus.PENDING, null);
    }
}
