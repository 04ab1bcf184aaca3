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
    sealed interface Existing extends SubscriptionState, ExistingState<SubscriptionDetails, Existing> {
        /** The same status with other details: one case per status, so a new status cannot forget its own fields. */
        @Override
        default Existing withDetails(SubscriptionDetails details) {
            return switch (this) {
                case Incomplete s -> new Incomplete(details);
                case Active s -> new Active(details);
                case PastDue s -> new PastDue(details);
                case Paused s -> new Paused(details, s.pausedAt());
                case Canceled s -> new Canceled(details, s.canceledAt());
            };
        }
    }

    /** Created; waits for the customer to set up the mandate and pay the first invoice. */
    record Incomplete(SubscriptionDetails details) implements Existing {}

    /** Paid up; renews at the end of each period. */
    record Active(SubscriptionDetails details) implements Existing {}

    /** An invoice became uncollectible after its retries; no renewals until it is paid. */
    record PastDue(SubscriptionDetails details) implements Existing {}

    /** Paused by the merchant at {@code pausedAt}; no renewals until resumed. */
    record Paused(SubscriptionDetails details, Instant pausedAt) implements Existing {}

    /** Canceled at {@code canceledAt}. Final. */
    record Canceled(SubscriptionDetails details, Instant canceledAt) implements Existing {}
}
