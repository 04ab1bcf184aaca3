package io.abk.billing.client.model;

/**
 * The API's {@code CreatedSubscription} object.
 */
public record CreatedSubscription(Subscription subscription, Invoice invoice, String checkoutUrl) {}
