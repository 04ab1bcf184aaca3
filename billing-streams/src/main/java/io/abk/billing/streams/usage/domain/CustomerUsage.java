package io.abk.billing.streams.usage.domain;

import io.abk.billing.streams.shared.domain.Tenant;
import java.util.ArrayList;
import java.util.List;
import org.jspecify.annotations.Nullable;

/**
 * Everything the usage processor counts for one customer of a merchant in a mode (one store entry): the customer's
 * tracked subscriptions. Small on purpose, since every counted event rewrites it.
 */
public record CustomerUsage(Tenant tenant, String customerId, List<TrackedSubscription> subscriptions) {

    public CustomerUsage {
        subscriptions = List.copyOf(subscriptions);
    }

    /** A customer with nothing tracked. */
    public static CustomerUsage empty(Tenant tenant, String customerId) {
        return new CustomerUsage(tenant, customerId, List.of());
    }

    public @Nullable TrackedSubscription subscription(String subscriptionId) {
        for (var subscription : subscriptions) {
            if (subscription.subscriptionId().equals(subscriptionId)) {
                return subscription;
            }
        }
        return null;
    }

    /** This customer with {@code subscription} in place of the one of its id, or added. */
    public CustomerUsage with(TrackedSubscription subscription) {
        var next = new ArrayList<TrackedSubscription>(subscriptions.size() + 1);
        boolean replaced = false;
        for (var existing : subscriptions) {
            if (existing.subscriptionId().equals(subscription.subscriptionId())) {
                next.add(subscription);
                replaced = true;
            } else {
                next.add(existing);
            }
        }
        if (!replaced) {
            next.add(subscription);
        }
        return new CustomerUsage(tenant, customerId, next);
    }

    /** This customer without the subscription {@code subscriptionId}. */
    public CustomerUsage without(String subscriptionId) {
        return new CustomerUsage(
                tenant,
                customerId,
                subscriptions.stream()
                        .filter(s -> !s.subscriptionId().equals(subscriptionId))
                        .toList());
    }

    /** Whether an event named {@code eventName} counts for one of the tracked items. */
    public boolean counts(String eventName) {
        for (var subscription : subscriptions) {
            if (subscription.counts(eventName)) {
                return true;
            }
        }
        return false;
    }

    /** Whether every tracked subscription of {@code subscriptionIds} has its summary due already. */
    public boolean summariesDue(List<String> subscriptionIds) {
        for (var subscription : subscriptions) {
            if (!subscription.summaryDue() && subscriptionIds.contains(subscription.subscriptionId())) {
                return false;
            }
        }
        return true;
    }

    public boolean tracksNothing() {
        return subscriptions.isEmpty();
    }
}
