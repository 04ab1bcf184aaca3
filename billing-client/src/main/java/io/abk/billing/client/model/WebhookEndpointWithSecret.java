package io.abk.billing.client.model;

/**
 * The API's {@code WebhookEndpointWithSecret} object.
 */
public record WebhookEndpointWithSecret(WebhookEndpoint webhookEndpoint, String secret) {}
