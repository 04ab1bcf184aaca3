package io.abk.billing.client.model;

/**
 * The API's {@code CreatedPayment} object.
 */
public record CreatedPayment(Payment payment, String checkoutUrl) {}
