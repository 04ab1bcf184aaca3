package io.abk.billing.scheduler.domain;

import java.time.Duration;

/**
 * The configurable part of what is due (docs/architecture.md, "Funding checks" and "Metered usage"): how long before a
 * renewal the customer's wallet is checked on chain (zero checks nothing), and how long after its period's end the
 * renewal of a subscription with a metered item waits, so that usage events up to that late still count in the period
 * they belong to (zero renews at the period's end).
 *
 * @param fundingLead the lead time before each renewal ({@code BILLING_FUNDING_CHECK_LEAD}, three days by default)
 * @param usageGrace the wait after a metered subscription's period end ({@code BILLING_USAGE_GRACE}, an hour by
 *     default)
 */
public record DuePolicy(Duration fundingLead, Duration usageGrace) {

    /** An hour: a producer's retries and a batch sent at the end of the hour still reach their period. */
    public static final Duration DEFAULT_USAGE_GRACE = Duration.ofHours(1);

    public static final DuePolicy DEFAULT = new DuePolicy(Duration.ofDays(3), DEFAULT_USAGE_GRACE);

    public DuePolicy {
        if (fundingLead.isNegative()) {
            throw new IllegalArgumentException("BILLING_FUNDING_CHECK_LEAD must not be negative, was " + fundingLead);
        }
        if (usageGrace.isNegative()) {
            throw new IllegalArgumentException("BILLING_USAGE_GRACE must not be negative, was " + usageGrace);
        }
    }

    /** The default usage grace with this funding lead. */
    public DuePolicy(Duration fundingLead) {
        this(fundingLead, DEFAULT_USAGE_GRACE);
    }

    boolean checksFunding() {
        return fundingLead.isPositive();
    }
}
