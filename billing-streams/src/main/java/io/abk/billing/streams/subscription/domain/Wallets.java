package io.abk.billing.streams.subscription.domain;

/** The customer's paying wallet and the merchant's payout address (EVM addresses, case as given). */
public record Wallets(String customer, String payout) {}
