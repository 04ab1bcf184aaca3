package io.abk.billing.streams.subscription.domain;

import io.abk.billing.streams.shared.domain.ExistingState;
import java.time.Instant;

/**
 * The state of one subscription aggregate. One record per status, all sharing {@link SubscriptionDetails}, rather
 * than one record with a status field: what belongs to one status only (the instant a subscription was paused
 * or canceled) exists only on that status's record, so "active with a canceledAt" cannot be built, and every
 * switch over a state is checked for exhaustiveness by the compiler, so a new status or transition cannot
 * forget a case. {@link Absent} is apart from the {@link Existing} statuses so that "this id is free" and "this
 * id is taken" are one pattern each.
 */
public sealed interface SubscriptionState {

    /** No subscription has been created under this id. */
    record Absent() implements SubscriptionState {}

    /** A subscription that exists, in one of its five statuses. */
    sealed interface Existing extends SubscriptionState, ExistingState<SubscriptionDetails, Existing> {}

    /** Created; waits for the customer to set up the mandate and pay the first invoice. */
    record Incomplete(SubscriptionDetails details) implements Existing {
        @Override
        public Incomplete withDetails(SubscriptionDetails details) {
            return new Incomplete(details);
        }
    }

    /** Paid up; renews at the end of each period. */
    record Active(SubscriptionDetails details) implements Existing {
        @Override
        public Active withDetails(SubscriptionDetails details) {
            return new Active(details);
        }
    }

    /** An invoice became uncollectible after its retries; no renewals until it is paid. */
    record PastDue(SubscriptionDetails details) implements Existing {
        @Override
        public PastDue withDetails(SubscriptionDetails details) {
            return new PastDue(details);
        }
    }

    /** Paused by the merchant at {@code pausedAt}; no renewals until resumed. */
    record Paused(SubscriptionDetails details, Instant pausedAt) implements Existing {
        @Override
        public Paused withDetails(SubscriptionDetails details) {
            return new Paused(details, pausedAt);
        }
    }

    /** Canceled at {@code canceledAt}. Final. */
    record Canceled(SubscriptionDetails details, Instant canceledAt) implements Existing {
        @Override
        public Canceled withDetails(SubscriptionDetails details) {
            return new Canceled(details, canceledAt);
        }
    }
}
