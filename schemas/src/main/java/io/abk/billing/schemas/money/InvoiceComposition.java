package io.abk.billing.schemas.money;

import org.jspecify.annotations.Nullable;

/**
 * How a subscription's invoice adds up, the one rule billing-streams (the invoices it makes) and the gateway (the
 * upcoming invoice it previews) share. An invoice lists, in this order: its subscription line, the lines pending from
 * earlier changes (prorations, a carried credit), then the discount line when a discount applies to its period and
 * takes something off, then a carry line when the lines sum below zero. The discount is of the sum of the lines before
 * it ({@link Discounts#amountOffMicros}); what would leave the invoice below zero is not paid out but carried: a line
 * of {@code +x} ({@link #CREDIT_CARRIED}) makes the invoice 0, and a pending line of {@code -x}
 * ({@link #creditFrom}) takes it off the next invoice. docs/architecture.md, "Plan changes and proration".
 */
public final class InvoiceComposition {

    /** The description of the line that brings an invoice whose lines sum below zero up to 0. */
    public static final String CREDIT_CARRIED = "Credit carried to the next invoice";

    private InvoiceComposition() {}

    /** The description of the pending line that carries the credit of invoice {@code invoiceId} to the next. */
    public static String creditFrom(String invoiceId) {
        return "Credit from " + invoiceId;
    }

    /**
     * The sums of an invoice whose lines before the discount sum to {@code linesMicros}, discounted by a coupon of
     * {@code percentOffBasisPoints} or {@code amountOffMicros} (both null: no discount applies).
     */
    public static Totals totals(
            long linesMicros, @Nullable Integer percentOffBasisPoints, @Nullable Long amountOffMicros) {
        var discount = percentOffBasisPoints == null && amountOffMicros == null
                ? 0
                : Discounts.amountOffMicros(linesMicros, percentOffBasisPoints, amountOffMicros);
        var due = Math.subtractExact(linesMicros, discount);
        var carried = due < 0 ? -due : 0;
        return new Totals(linesMicros, discount, carried);
    }

    /**
     * An invoice's sums: {@code linesMicros} (the subscription and pending lines), {@code discountMicros} (>= 0, the
     * discount line's size, 0 for none) and {@code carriedMicros} (>= 0, the carry line's amount, 0 for none).
     */
    public record Totals(long linesMicros, long discountMicros, long carriedMicros) {

        public Totals {
            if (discountMicros < 0 || carriedMicros < 0) {
                throw new IllegalArgumentException("a discount and a carried credit are sizes: " + this);
            }
        }

        /** The sum of the lines that are not discounts, the carry line included. */
        public long subtotalMicros() {
            return Math.addExact(linesMicros, carriedMicros);
        }

        /** What the invoice asks for: {@code subtotal - discount}, never below zero. */
        public long amountMicros() {
            return Math.subtractExact(subtotalMicros(), discountMicros);
        }
    }
}
