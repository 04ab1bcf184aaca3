package io.abk.billing.streams.subscription;

/**
 * The names of the subscription topology's stateful and output nodes, shared by the topology that declares them
 * and the processor that uses them. Renaming a store is a migration: its changelog topic carries the name.
 */
public record SubscriptionNodes(String aggregateStore, String processedCommandStore, String changesSink,
        String eventsSink, String chainRequestsSink) {
}
