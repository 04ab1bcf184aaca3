package io.abk.billing.streams.invoicenumber;

/**
 * The names of the invoice numbering's nodes and stores. Renaming a store is a migration: its changelog topic
 * carries the name, and a renamed {@code invoice-numbering} would start every merchant's numbers at 1 again.
 */
public record InvoiceNumberNodes(
        String commandsSource,
        String processor,
        String numberingStore,
        String processedCommandStore,
        String finalizationsSink) {

    /** The one numbering of billing-streams. */
    public static final InvoiceNumberNodes DEFAULT = new InvoiceNumberNodes(
            "invoice-number-commands-source",
            "invoice-number-processor",
            "invoice-numbering",
            "invoice-numbering-processed-commands",
            "invoice-number-finalizations-sink");
}
