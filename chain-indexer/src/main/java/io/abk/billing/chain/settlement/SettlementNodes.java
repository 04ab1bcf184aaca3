package io.abk.billing.chain.settlement;

/**
 * The names of the settlement topology's store and output node, shared by the topology that declares them and
 * the processor that uses them. Renaming the store is a migration: its changelog topic carries the name.
 */
public record SettlementNodes(String settledRequestsStore, String resultsSink) {
}
