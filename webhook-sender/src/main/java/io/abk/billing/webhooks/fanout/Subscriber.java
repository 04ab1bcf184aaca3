package io.abk.billing.webhooks.fanout;

import java.util.List;

/** An enabled, non-deleted endpoint of one merchant and mode, with the event types it asked for (empty: all). */
public record Subscriber(String endpointId, List<String> enabledEvents) {

    public Subscriber {
        enabledEvents = List.copyOf(enabledEvents);
    }

    public boolean wants(String eventType) {
        // The API stores "all" as an empty list; '*' is accepted too in case a row was written by hand.
        return enabledEvents.isEmpty() || enabledEvents.contains("*") || enabledEvents.contains(eventType);
    }
}
