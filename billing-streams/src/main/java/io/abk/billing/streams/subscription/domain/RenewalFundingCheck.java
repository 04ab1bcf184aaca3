package io.abk.billing.streams.subscription.domain;

import io.abk.billing.schemas.ids.IdPrefix;
import io.abk.billing.schemas.ids.Ids;
import java.time.Instant;

/**
 * The subscription's latest funding check (docs/architecture.md, "Funding checks"): the chain asked, at
 * {@code requestedAt}, what the customer's wallet holds and allows the vault before the renewal at
 * {@code periodEnd}. One per renewal: its request id names the period, so a check fired twice is asked once.
 *
 * @param settled true once chain-indexer answered
 */
public record RenewalFundingCheck(Instant periodEnd, Instant requestedAt, boolean settled) {

    public static RenewalFundingCheck pending(Instant periodEnd, Instant requestedAt) {
        return new RenewalFundingCheck(periodEnd, requestedAt, false);
    }

    /** {@code <subscriptionId>:funding:<periodEnd in epoch seconds>}. */
    public String requestId(String subscriptionId) {
        return subscriptionId + ":funding:" + periodEnd.getEpochSecond();
    }

    /** The command id chain-indexer's answer carries. */
    public String resultCommandId(String subscriptionId) {
        return Ids.derivedId(IdPrefix.COMMAND, requestedAt, "settle:" + requestId(subscriptionId));
    }

    public RenewalFundingCheck answered() {
        return new RenewalFundingCheck(periodEnd, requestedAt, true);
    }
}
