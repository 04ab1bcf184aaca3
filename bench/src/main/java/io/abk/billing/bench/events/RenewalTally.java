package io.abk.billing.bench.events;

import io.abk.billing.schemas.avro.BillingEvent;
import java.util.HashMap;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import org.HdrHistogram.Histogram;

/**
 * The renewals of one merchant's subscriptions as {@code billing.events} tells them: each {@code invoice.paid} of a
 * {@code subscription_cycle} invoice, by subscription, with when it was seen after the clock move. A renewal is
 * exactly once when every subscription has one such event and none has two. {@link #fundingChecks} counts the
 * funding checks before a renewal the same way, by their {@code invoice.upcoming}.
 */
public final class RenewalTally {

    /** What one subscription's counted event is. */
    private enum Counted {
        RENEWAL,
        FUNDING_CHECK
    }

    private final Counted counted;
    private final String merchantId;
    private final Set<String> subscriptionIds;
    private final long movedAtNanos;
    private final Map<String, Integer> paidBySubscription = new HashMap<>();
    private final Histogram sinceMoveMicros = new Histogram(TimeUnit.HOURS.toMicros(6), 3);
    private long paid;
    private long strangers;
    private long created;
    private long firstSeenNanos = -1;
    private long lastNewSeenNanos = -1;
    private long milestoneNanos = -1;
    private final int milestone;

    /** @param milestone a count whose time is noted too (the 100,000th renewal) */
    public RenewalTally(String merchantId, Set<String> subscriptionIds, long movedAtNanos, int milestone) {
        this(Counted.RENEWAL, merchantId, subscriptionIds, movedAtNanos, milestone);
    }

    /** The funding checks before the renewals: one {@code invoice.upcoming} per subscription. */
    public static RenewalTally fundingChecks(
            String merchantId, Set<String> subscriptionIds, long movedAtNanos, int milestone) {
        return new RenewalTally(Counted.FUNDING_CHECK, merchantId, subscriptionIds, movedAtNanos, milestone);
    }

    private RenewalTally(
            Counted counted, String merchantId, Set<String> subscriptionIds, long movedAtNanos, int milestone) {
        this.counted = counted;
        this.merchantId = merchantId;
        this.subscriptionIds = subscriptionIds;
        this.movedAtNanos = movedAtNanos;
        this.milestone = milestone;
    }

    public void accept(BillingEvent event, long receivedNanos) {
        if (!event.getMerchantId().equals(merchantId)) {
            return;
        }
        if (counted == Counted.FUNDING_CHECK) {
            // An upcoming renewal is no invoice yet: the event carries its figures, not an invoice.
            if (event.getType().equals("invoice.upcoming")) {
                paid(event.getAggregateId(), receivedNanos);
            }
            return;
        }
        var invoice = event.getData().getInvoice();
        if (invoice == null || !invoice.getBillingReason().equals("subscription_cycle")) {
            return;
        }
        switch (event.getType()) {
            case "invoice.created" -> created++;
            case "invoice.paid" -> paid(event.getAggregateId(), receivedNanos);
            default -> {}
        }
    }

    private void paid(String subscriptionId, long receivedNanos) {
        paid++;
        if (!subscriptionIds.contains(subscriptionId)) {
            strangers++;
            return;
        }
        if (paidBySubscription.merge(subscriptionId, 1, Integer::sum) > 1) {
            return;
        }
        long since = receivedNanos - movedAtNanos;
        sinceMoveMicros.recordValue(Math.max(1, since / 1000));
        if (firstSeenNanos < 0) {
            firstSeenNanos = since;
        }
        lastNewSeenNanos = since;
        if (paidBySubscription.size() == milestone) {
            milestoneNanos = since;
        }
    }

    /** Subscriptions renewed (at least once). */
    public int renewed() {
        return paidBySubscription.size();
    }

    /**
     * Every counted event of the merchant (a cycle {@code invoice.paid}, or an {@code invoice.upcoming}), repeats and
     * unknown subscriptions included.
     */
    public long paidEvents() {
        return paid;
    }

    public long createdEvents() {
        return created;
    }

    /** Repeated events: any above one per subscription, plus any for a subscription not set up by the bench. */
    public long extra() {
        return paid - renewed();
    }

    public long strangers() {
        return strangers;
    }

    public boolean exactlyOnce() {
        return renewed() == subscriptionIds.size() && paid == subscriptionIds.size();
    }

    /** Per subscription, from the clock move to its renewal's {@code invoice.paid} being read. */
    public Histogram sinceMoveMicros() {
        return sinceMoveMicros;
    }

    /** From the move to the first, the milestone-th and the last renewal seen; negative when not reached. */
    public long firstNanos() {
        return firstSeenNanos;
    }

    public long milestoneNanos() {
        return milestoneNanos;
    }

    public long lastNanos() {
        return lastNewSeenNanos;
    }
}
