package io.abk.billing.client.model;

/**
 * The API's {@code PaymentLinkWithUrl} object.
 */
public record PaymentLinkWithUrl(PaymentLink paymentLink, String url) {}
