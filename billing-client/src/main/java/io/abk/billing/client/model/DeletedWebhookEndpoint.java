package io.abk.billing.client.model;

/**
 * The API's {@code DeletedWebhookEndpoint} object.
 */
public record DeletedWebhookEndpoint(String id, boolean deleted) {}
