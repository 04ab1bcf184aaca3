package io.abk.billing.chain.settlement;

/**
 * The names of the settlement topology's stores, shared by the topology that declares them and the processors
 * that use them. Renaming a store is a migration: its changelog topic carries the name.
 */
public record SettlementNodes(String settledRequestsStore, String settledPaymentRequestsStore, String txClaimsStore) {}
