package io.abk.billing.streams.payment.domain;

import java.time.Instant;

/**
 * What a payment minted by a payment link tells its link, so that the link's {@code paidCount} says how many of its
 * payments are paid: {@code paid} when the payment was paid, not {@code paid} when the transfer that paid it was
 * reorganised off the chain and the payment is open again. The command the adapter sends takes its id from the payment
 * command that caused it, so a reprocessed command reports the same conversion and the link counts it once, while a
 * payment paid, reopened and paid again reports three.
 */
public record LinkConversion(String paymentLinkId, String paymentId, boolean paid, Instant requestedAt) {}
