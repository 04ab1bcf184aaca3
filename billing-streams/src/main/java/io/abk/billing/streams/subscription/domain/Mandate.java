package io.abk.billing.streams.subscription.domain;

import io.abk.billing.schemas.money.UsdcAmount;
import org.jspecify.annotations.Nullable;

/**
 * The subscription's one mandate: its status, once set up on chain the vault's subscription id, and the most it lets
 * the vault charge per period ({@code amount}: the plan's {@linkplain Plan#mandateAmount() mandate amount} when the
 * customer set it up, its amount or a metered subscription's maximum per period, which is what the checkout asked them
 * to sign; null while pending, and for a mandate set up before this was recorded).
 */
public record Mandate(
        MandateStatus status,
        @Nullable String onChainSubscriptionId,
        @Nullable UsdcAmount amount) {

    public Mandate(MandateStatus status, @Nullable String onChainSubscriptionId) {
        this(status, onChainSubscriptionId, null);
    }

    public static Mandate pending() {
        return new Mandate(MandateStatus.PENDING, null, null);
    }

    public boolean isActive() {
        return status == MandateStatus.ACTIVE;
    }

    /** Set up by the customer for {@code amount} per period; the on-chain id is kept as given (null when none). */
    public Mandate activated(@Nullable String onChainSubscriptionId, UsdcAmount amount) {
        return new Mandate(MandateStatus.ACTIVE, onChainSubscriptionId, amount);
    }

    /** Revoked; the on-chain id and amount stay for the record. */
    public Mandate revoked() {
        return new Mandate(MandateStatus.REVOKED, onChainSubscriptionId, amount);
    }
}
