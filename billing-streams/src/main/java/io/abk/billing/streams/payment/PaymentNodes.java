package io.abk.billing.streams.payment;

import io.abk.billing.streams.command.CommandNodes;

/**
 * The names of the payment topology's stateful and output nodes, shared by the topology that declares them and the
 * adapter that routes to them. {@code linkConversionsSink} writes to {@code billing.payment-link-commands},
 * {@code watchedAddressesSink} to {@code chain.watched-addresses}, {@code customersSink} to
 * {@code billing.customer-commands}.
 */
public record PaymentNodes(
        CommandNodes command,
        String eventsSink,
        String chainRequestsSink,
        String linkConversionsSink,
        String watchedAddressesSink,
        String customersSink) {}
