package io.abk.billing.streams.subscription.domain;

import io.abk.billing.schemas.money.InvoiceComposition;
import io.abk.billing.streams.subscription.domain.SubscriptionEvent.DiscountEnded;
import io.abk.billing.streams.subscription.domain.SubscriptionEvent.InvoiceCreated;
import io.abk.billing.streams.subscription.domain.SubscriptionEvent.InvoiceLinesPending;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import org.jspecify.annotations.Nullable;

/**
 * The lines of every invoice the subscription makes, by the shared rule ({@link InvoiceComposition}): its own lines,
 * then the pending ones, the discount when it applies, and a carry line when they sum below zero; the carried credit
 * becomes the next invoice's pending line. docs/architecture.md, "Plan changes and proration".
 */
final class InvoiceComposer {

    private InvoiceComposer() {}

    /**
     * An invoice's lines, the pending lines it leaves for the next invoice, and whether its discount took something
     * off (a {@code once} discount is then used up).
     */
    record Composition(List<InvoiceLine> lines, List<InvoiceLine> pendingAfter, boolean discounted) {

        long totalMicros() {
            return sum(lines);
        }
    }

    /** The composition of invoice {@code invoiceId} for {@code period} of {@code own} lines then {@code pending}. */
    static Composition compose(
            String invoiceId,
            List<InvoiceLine> own,
            List<InvoiceLine> pending,
            @Nullable Discount discount,
            Period period) {
        var lines = new ArrayList<InvoiceLine>(own);
        lines.addAll(pending);
        var applying = discount != null && discount.appliesTo(period) ? discount : null;
        var totals = InvoiceComposition.totals(
                sum(lines),
                applying == null ? null : applying.percentOffBasisPoints(),
                applying == null ? null : applying.amountOffMicros());
        if (applying != null && totals.discountMicros() > 0) {
            lines.add(InvoiceLine.discount(applying, period, totals.discountMicros()));
        }
        var carried = totals.carriedMicros();
        if (carried > 0) {
            lines.add(InvoiceLine.proration(InvoiceComposition.CREDIT_CARRIED, period, carried));
            return new Composition(
                    lines,
                    List.of(InvoiceLine.proration(InvoiceComposition.creditFrom(invoiceId), period, -carried)),
                    totals.discountMicros() > 0);
        }
        return new Composition(lines, List.of(), totals.discountMicros() > 0);
    }

    /**
     * Makes the subscription's next invoice in {@code t}, open and due at {@code dueAt}: {@code own} lines, then the
     * pending ones (which it takes), discounted and carried as {@link #compose} says. Returns it.
     */
    static Invoice open(
            Transition t,
            String invoiceId,
            List<InvoiceLine> own,
            BillingReason reason,
            Period period,
            Instant dueAt,
            Instant now) {
        var d = t.details();
        var composition = compose(invoiceId, own, d.pendingLines(), d.discount(), period);
        var invoice = Invoice.open(invoiceId, composition.lines(), reason, period, dueAt, now);
        t.apply(new InvoiceCreated(invoice));
        if (!composition.pendingAfter().equals(d.pendingLines())) {
            t.apply(new InvoiceLinesPending(composition.pendingAfter()));
        }
        usedOnce(t, d.discount(), composition);
        return invoice;
    }

    /** A {@code once} discount that took something off is used up. */
    static void usedOnce(Transition t, @Nullable Discount discount, Composition composition) {
        if (composition.discounted() && discount != null && discount.duration() == DiscountDuration.ONCE) {
            t.apply(new DiscountEnded());
        }
    }

    static List<InvoiceLine> concat(List<InvoiceLine> first, List<InvoiceLine> then) {
        var all = new ArrayList<InvoiceLine>(first);
        all.addAll(then);
        return List.copyOf(all);
    }

    private static long sum(List<InvoiceLine> lines) {
        return lines.stream().mapToLong(InvoiceLine::signedMicros).reduce(0, Math::addExact);
    }
}
