package io.abk.billing.streams.subscription.domain;

import io.abk.billing.schemas.money.UsdcAmount;
import java.util.List;

/**
 * One line of an invoice (docs/architecture.md, "Invoice"): what it bills, over which period, how many units at
 * what unit amount, and its amount. Amounts are held as sizes; {@code credit} says the line takes its amount off the
 * invoice (a discount always does, a proration may, a subscription or usage line never does), so {@link #signedMicros}
 * is what it adds to the invoice's total.
 */
public record InvoiceLine(
        InvoiceLineKind kind,
        String description,
        Period period,
        long quantity,
        UsdcAmount unitAmount,
        UsdcAmount amount,
        boolean credit) {

    public InvoiceLine {
        if (quantity < 0) {
            throw new IllegalArgumentException("a line's quantity cannot be negative: " + quantity);
        }
        if (kind == InvoiceLineKind.PRORATION && amount.isZero()) {
            // A credit of nothing is no credit: one zero proration, however it was made, so two read the same.
            credit = false;
        }
        if (credit != (kind == InvoiceLineKind.DISCOUNT) && kind != InvoiceLineKind.PRORATION) {
            throw new IllegalArgumentException("a " + kind.apiName() + " line " + (credit ? "cannot" : "must")
                    + " take its amount off the invoice");
        }
    }

    /**
     * The line an invoice for {@code plan} over {@code period} is made of: the plan's amount, once, described as
     * {@code 12 USDC per month} (the amount as the API writes it).
     */
    public static InvoiceLine subscription(Plan plan, Period period) {
        return new InvoiceLine(
                InvoiceLineKind.SUBSCRIPTION, perInterval(plan), period, 1, plan.amount(), plan.amount(), false);
    }

    /** The line of a trial's invoice: the trial period, free, then the plan ({@code Trial, then 12 USDC per month}). */
    public static InvoiceLine trial(Plan plan, Period period) {
        return new InvoiceLine(
                InvoiceLineKind.SUBSCRIPTION,
                "Trial, then " + perInterval(plan),
                period,
                1,
                UsdcAmount.ZERO,
                UsdcAmount.ZERO,
                false);
    }

    /**
     * A proration line of {@code signedMicros} (negative: a credit) over {@code period}: the unused or remaining time
     * of a change of amount, or a credit carried from one invoice to the next.
     */
    public static InvoiceLine proration(String description, Period period, long signedMicros) {
        var amount = UsdcAmount.ofMicros(Math.absExact(signedMicros));
        return new InvoiceLine(InvoiceLineKind.PRORATION, description, period, 1, amount, amount, signedMicros < 0);
    }

    /** The discount line of an invoice for {@code period}: {@code micros} (> 0) taken off. */
    public static InvoiceLine discount(Discount discount, Period period, long micros) {
        var amount = UsdcAmount.ofMicros(micros);
        return new InvoiceLine(InvoiceLineKind.DISCOUNT, discount.description(), period, 1, amount, amount, true);
    }

    /** What the line adds to the invoice's total, in micro-USDC: negative for a credit. */
    public long signedMicros() {
        return credit ? -amount.micros() : amount.micros();
    }

    /** The unit amount with the line's sign, in micro-USDC. */
    public long signedUnitMicros() {
        return credit ? -unitAmount.micros() : unitAmount.micros();
    }

    /** The sum of {@code lines}' signed amounts: an invoice's total; a negative sum is a bug and throws. */
    public static UsdcAmount total(List<InvoiceLine> lines) {
        return UsdcAmount.ofMicros(
                lines.stream().mapToLong(InvoiceLine::signedMicros).reduce(0, Math::addExact));
    }

    private static String perInterval(Plan plan) {
        return plan.amount().toDecimal().toPlainString() + " USDC per "
                + plan.interval().apiName();
    }
}
