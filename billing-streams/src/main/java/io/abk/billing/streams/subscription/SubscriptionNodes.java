package io.abk.billing.streams.subscription;

import io.abk.billing.streams.command.CommandNodes;

/**
 * The names of the subscription topology's stateful and output nodes, shared by the topology that declares them
 * and the adapter that routes to them.
 */
public record SubscriptionNodes(
        CommandNodes command, String settledInvoicesStore, String eventsSink, String chainRequestsSink) {}
