package io.abk.billing.streams.paymentlink;

import io.abk.billing.streams.command.CommandNodes;

/**
 * The names of the payment link topology's stateful and output nodes, shared by the topology that declares them and
 * the adapter that routes to them. {@code mintsSink} writes to {@code billing.payment-commands}.
 */
public record PaymentLinkNodes(CommandNodes command, String mintsSink) {}
