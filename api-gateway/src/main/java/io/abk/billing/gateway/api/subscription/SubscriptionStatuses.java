package io.abk.billing.gateway.api.subscription;

import java.util.List;

/**
 * The five subscription statuses (docs/architecture.md, "Subscription lifecycle"); the list filter accepts exactly
 * these.
 */
public final class SubscriptionStatuses {

    public static final List<String> ALL = List.of("incomplete", "active", "past_due", "canceled", "paused");

    private SubscriptionStatuses() {}
}
