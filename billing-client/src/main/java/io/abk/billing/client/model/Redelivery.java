package io.abk.billing.client.model;

import java.util.List;

/**
 * The API's {@code Redelivery} object.
 */
public record Redelivery(Event event, List<QueuedDelivery> deliveries) {}
