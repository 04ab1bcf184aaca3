package io.abk.billing.streams.command;

/**
 * The names of one aggregate's nodes, all made from the aggregate's node name ({@code payment-link}) by one rule: its
 * command source and processor, its aggregate store, its store of applied command ids, the sink of its changes and
 * the sinks of its other outputs. Renaming a store is a migration: its changelog topic carries the name.
 */
public record CommandNodes(String aggregate) {

    public String commandsSource() {
        return aggregate + "-commands-source";
    }

    public String commandProcessor() {
        return aggregate + "-command-processor";
    }

    public String aggregateStore() {
        return aggregate + "-aggregates";
    }

    public String processedCommandStore() {
        return aggregate + "-processed-commands";
    }

    public String changesSink() {
        return sink("changes");
    }

    /** The sink of the aggregate's {@code output}: {@code payment-events-sink} for the payment's events. */
    public String sink(String output) {
        return aggregate + "-" + output + "-sink";
    }

    /** A store of the aggregate's own beside the two every aggregate has: {@code subscription-settled-invoices}. */
    public String store(String name) {
        return aggregate + "-" + name;
    }
}
