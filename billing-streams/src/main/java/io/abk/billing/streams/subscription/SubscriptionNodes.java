package io.abk.billing.streams.subscription;

import io.abk.billing.streams.command.CommandNodes;

/**
 * The names of the subscription topology's stateful and output nodes, shared by the topology that declares them
 * and the adapter that routes to them. {@code customersSink} writes to {@code billing.customer-commands},
 * {@code invoiceNumbersSink} to {@code billing.invoice-number-commands}, {@code usageCommandsSink} to
 * {@code billing.usage-commands}.
 */
public record SubscriptionNodes(
        CommandNodes command,
        String settledInvoicesStore,
        String eventsSink,
        String chainRequestsSink,
        String customersSink,
        String invoiceNumbersSink,
        String usageCommandsSink) {}
