package io.abk.billing.client.model;

/**
 * The API's {@code ChargeResult} object.
 */
public record ChargeResult(boolean ok, Invoice invoice, Subscription subscription) {}
