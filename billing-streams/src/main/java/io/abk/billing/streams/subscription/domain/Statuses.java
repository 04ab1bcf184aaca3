package io.abk.billing.streams.subscription.domain;

import io.abk.billing.streams.subscription.domain.SubscriptionState.Active;
import io.abk.billing.streams.subscription.domain.SubscriptionState.Canceled;
import io.abk.billing.streams.subscription.domain.SubscriptionState.Existing;
import io.abk.billing.streams.subscription.domain.SubscriptionState.Incomplete;
import io.abk.billing.streams.subscription.domain.SubscriptionState.PastDue;
import io.abk.billing.streams.subscription.domain.SubscriptionState.Paused;

/** The API name of a subscription's status, for rejection messages ("Subscription sub_x is past_due; ..."). */
public final class Statuses {

    private Statuses() {}

    public static String name(Existing state) {
        return switch (state) {
            case Incomplete s -> "incomplete";
            case Active s -> "active";
            case PastDue s -> "past_due";
            case Paused s -> "paused";
            case Canceled s -> "canceled";
        };
    }
}
