package io.abk.billing.streams.subscription.domain;

/** What settlement answered for one charge or refund: the money moved (with its transaction), or it did not. */
public sealed interface SettlementResult {

    record Succeeded(String txHash) implements SettlementResult {}

    record Failed(ChargeFailure failure) implements SettlementResult {}
}
