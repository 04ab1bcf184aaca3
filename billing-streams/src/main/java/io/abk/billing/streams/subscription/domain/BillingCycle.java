package io.abk.billing.streams.subscription.domain;

import java.time.Instant;
import org.jspecify.annotations.Nullable;

/**
 * Where the subscription is in time. Period ends are derived from {@code anchor} (see {@link BillingPeriods}),
 * never from the previous end, so a month anchored on the 31st returns to the 31st after a short month.
 */
public record BillingCycle(
        Period currentPeriod, Instant anchor, @Nullable Instant trialEnd, boolean cancelAtPeriodEnd) {

    public BillingCycle withCancelAtPeriodEnd(boolean cancelAtPeriodEnd) {
        return new BillingCycle(currentPeriod, anchor, trialEnd, cancelAtPeriodEnd);
    }

    public BillingCycle withPeriod(Period currentPeriod) {
        return new BillingCycle(currentPeriod, anchor, trialEnd, cancelAtPeriodEnd);
    }

    public BillingCycle withAnchor(Instant anchor) {
        return new BillingCycle(currentPeriod, anchor, trialEnd, cancelAtPeriodEnd);
    }
}
