package io.abk.billing.gateway.subscription;

import io.abk.billing.gateway.web.ApiException;
import java.util.List;
import org.jspecify.annotations.Nullable;

/**
 * The five subscription statuses (docs/architecture.md, "Subscription lifecycle"); the list filter accepts exactly
 * these.
 */
final class SubscriptionStatuses {

    static final List<String> ALL = List.of("incomplete", "active", "past_due", "canceled", "paused");

    private SubscriptionStatuses() {
    }

    /** The {@code status} filter of a list: absent, or one of the five, else 400 naming {@code status}. */
    static @Nullable String filter(@Nullable String status) {
        if (status == null) {
            return null;
        }
        if (!ALL.contains(status)) {
            throw ApiException.invalid("status", "status must be one of " + String.join(", ", ALL));
        }
        return status;
    }
}
