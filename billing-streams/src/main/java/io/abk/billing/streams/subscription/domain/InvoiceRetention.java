package io.abk.billing.streams.subscription.domain;

import io.abk.billing.streams.subscription.domain.SubscriptionInstruction.InvoiceInstruction;
import io.abk.billing.streams.subscription.domain.SubscriptionInstruction.ReverseCharge;
import io.abk.billing.streams.subscription.domain.SubscriptionState.Existing;
import java.util.List;
import java.util.Optional;
import java.util.stream.Collectors;

/**
 * Which invoices the aggregate keeps. Without a bound it would keep every invoice it ever had: a monthly
 * subscription's aggregate grows by one invoice a renewal, every command rewrites all of it, and in some decades its
 * record passes the 1 MB a Kafka record may hold. So an invoice is <em>settled</em> and leaves the aggregate once
 * nothing happens to it by itself any more:
 * <ul>
 *   <li>it is paid, refunded or void (open and uncollectible invoices are still charged, voided by a cancel, and
 *       counted by {@link Charging#owesNothing});</li>
 *   <li>no charge or refund of it is in flight (a settlement's answer must find its invoice);</li>
 *   <li>it is not the latest invoice (activation charges the latest; the API names it);</li>
 *   <li>its period began before the current period ends, so it is not the renewal of the next period (a void or
 *       paid renewal of that period stops the period from being billed twice, {@link RenewalRules}).</li>
 * </ul>
 * What is left is the latest invoice, the renewal of the next period, and invoices still owed or in settlement: a
 * handful at most, since an active subscription renews only once the last renewal is paid and a past-due one not at
 * all. A settled invoice is never lost: the adapter keeps it beside the aggregate and puts it back into the state
 * before deciding a command that names it ({@link #named}), so a refund of a years-old invoice, a second charge of
 * a paid one (refused as before) or a reorged charge are decided on the same state as if it had never left.
 */
public final class InvoiceRetention {

    private InvoiceRetention() {}

    /** Whether {@code invoice} of {@code details} may leave the aggregate. */
    public static boolean settled(SubscriptionDetails details, Invoice invoice) {
        var finished = switch (invoice.status()) {
            case PAID, REFUNDED, VOID -> true;
            case OPEN, UNCOLLECTIBLE -> false;
        };
        var inSettlement = details.settlements().inFlight().stream()
                .anyMatch(settlement -> settlement.invoiceId().equals(invoice.id()));
        return finished
                && !inSettlement
                && !invoice.id().equals(details.latestInvoiceId())
                && invoice.period()
                        .start()
                        .isBefore(details.cycle().currentPeriod().end());
    }

    /** The invoices of {@code details} that may leave it, oldest first. */
    public static List<Invoice> settledInvoices(SubscriptionDetails details) {
        return details.invoices().stream()
                .filter(invoice -> settled(details, invoice))
                .toList();
    }

    /** {@code state} without its settled invoices. */
    public static Existing withoutSettled(Existing state) {
        var leaving = settledInvoices(state.details()).stream().map(Invoice::id).collect(Collectors.toSet());
        return leaving.isEmpty() ? state : state.mapDetails(d -> d.withoutInvoices(leaving));
    }

    /**
     * The invoice {@code command} names, which must be in the state when it is decided: an invoice command's, and a
     * reversal's (it is not an invoice command, since an invoice it does not find is no reason to refuse it).
     */
    public static Optional<String> named(SubscriptionInstruction command) {
        return switch (command) {
            case InvoiceInstruction invoiceCommand -> Optional.of(invoiceCommand.invoiceId());
            case ReverseCharge reverse -> Optional.of(reverse.invoiceId());
            default -> Optional.empty();
        };
    }
}
