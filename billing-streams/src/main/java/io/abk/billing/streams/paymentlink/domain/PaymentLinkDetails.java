package io.abk.billing.streams.paymentlink.domain;

import io.abk.billing.streams.shared.domain.ExistingState;
import io.abk.billing.streams.shared.domain.Tenant;
import java.time.Instant;
import org.jspecify.annotations.Nullable;

/**
 * What every payment link has, whatever its status: id, tenant, terms, its limits ({@code maxUses} and
 * {@code expiresAt}, null: none), how often it was opened ({@code useCount}) and how many of the payments it minted
 * were paid ({@code paidCount}).
 */
public record PaymentLinkDetails(
        String id,
        Tenant tenant,
        PaymentLinkTerms terms,
        @Nullable Integer maxUses,
        @Nullable Instant expiresAt,
        int useCount,
        int paidCount,
        Instant createdAt)
        implements ExistingState.Details {

    public PaymentLinkDetails {
        if (maxUses != null && maxUses < 1) {
            throw new IllegalArgumentException("payment link " + id + ": maxUses must be positive, was " + maxUses);
        }
        if (useCount < 0 || paidCount < 0) {
            throw new IllegalArgumentException(
                    "payment link " + id + ": negative count (useCount " + useCount + ", paidCount " + paidCount + ")");
        }
    }

    /** True when every use {@code maxUses} allows is taken. */
    public boolean usedUp() {
        return maxUses != null && useCount >= maxUses;
    }

    /** True when {@code expiresAt} is set and not after {@code now}. */
    public boolean expiredAt(Instant now) {
        return expiresAt != null && !expiresAt.isAfter(now);
    }

    public PaymentLinkDetails opened() {
        return withCounts(useCount + 1, paidCount);
    }

    public PaymentLinkDetails paymentPaid() {
        return withCounts(useCount, paidCount + 1);
    }

    /** One paid payment fewer; the use it took stays counted (the link was opened, and its payment exists). */
    public PaymentLinkDetails paymentReopened() {
        return withCounts(useCount, paidCount - 1);
    }

    /** The one copy method: the counts are all that changes once a link exists. */
    private PaymentLinkDetails withCounts(int useCount, int paidCount) {
        return new PaymentLinkDetails(id, tenant, terms, maxUses, expiresAt, useCount, paidCount, createdAt);
    }
}
