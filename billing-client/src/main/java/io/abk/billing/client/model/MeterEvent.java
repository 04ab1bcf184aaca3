package io.abk.billing.client.model;

import java.time.Instant;

/**
 * A meter event as the API accepted it (sent to Kafka, counted shortly after): its {@code identifier} (as given, or
 * the {@code mev_...} made for it), {@code timestamp}, customer and whole {@code value}.
 */
public record MeterEvent(
        String object, String eventName, String identifier, Instant timestamp, String customerId, long value) {}
