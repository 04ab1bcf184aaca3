package io.abk.billing.streams.usage.domain;

/** One item's usage in a closed period, as the close reports it to the subscription. */
public record RecordedQuantity(String itemId, String meterId, long quantity, long eventCount) {}
