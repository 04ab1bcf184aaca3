package io.abk.billing.client.model;

/**
 * The API's {@code QueuedDelivery} object.
 */
public record QueuedDelivery(String deliveryId, String endpointId, String status) {}
