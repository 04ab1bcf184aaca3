package io.abk.billing.streams.customer;

import io.abk.billing.streams.command.CommandNodes;

/**
 * The names of the customer topology's stateful and output nodes, shared by the topology that declares them and the
 * adapter that routes to them. {@code eventsSink} writes to {@code billing.events}.
 */
public record CustomerNodes(CommandNodes command, String eventsSink) {}
