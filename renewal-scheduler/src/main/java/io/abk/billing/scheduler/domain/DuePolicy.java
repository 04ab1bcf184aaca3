package io.abk.billing.scheduler.domain;

import java.time.Duration;

/**
 * The configurable part of what is due (docs/architecture.md, "Funding checks"): how long before a renewal the
 * customer's wallet is checked on chain. Zero checks nothing.
 *
 * @param fundingLead the lead time before each renewal ({@code BILLING_FUNDING_CHECK_LEAD}, three days by default)
 */
public record DuePolicy(Duration fundingLead) {

    public static final DuePolicy DEFAULT = new DuePolicy(Duration.ofDays(3));

    public DuePolicy {
        if (fundingLead.isNegative()) {
            throw new IllegalArgumentException("BILLING_FUNDING_CHECK_LEAD must not be negative, was " + fundingLead);
        }
    }

    boolean checksFunding() {
        return fundingLead.isPositive();
    }
}
