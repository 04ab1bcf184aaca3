package io.abk.billing.streams.subscription.domain;

/** Why the last charge of an invoice failed, e.g. {@code INSUFFICIENT_BALANCE} with a sentence for humans. */
public record ChargeFailure(String code, String message) {}
