package io.abk.billing.streams.invoicenumber.domain;

import io.abk.billing.schemas.ids.InvoiceNumbers;
import org.jspecify.annotations.Nullable;

/**
 * One merchant's invoice numbers in one mode: the prefix the merchant chose (null: {@link
 * InvoiceNumbers#defaultPrefix}) and the last number assigned. Numbers are consecutive from 1 without gaps: {@link
 * #next} is the only way to consume one, and the numbering applies each request once.
 */
public record InvoiceSequence(@Nullable String prefix, long lastNumber) {

    /** A merchant that has numbered nothing yet and chose no prefix. */
    public static final InvoiceSequence NEW = new InvoiceSequence(null, 0);

    public InvoiceSequence {
        if (lastNumber < 0) {
            throw new IllegalArgumentException("lastNumber cannot be negative: " + lastNumber);
        }
        if (prefix != null && !InvoiceNumbers.isValidPrefix(prefix)) {
            throw new IllegalArgumentException("not an invoice prefix: '" + prefix + "'");
        }
    }

    /** The number given and the sequence after it. */
    public record Assigned(InvoiceSequence after, String number) {}

    /** The next number of {@code merchantId}'s sequence, under its prefix as it is now. */
    public Assigned next(String merchantId) {
        var sequence = Math.addExact(lastNumber, 1);
        var chosen = prefix != null ? prefix : InvoiceNumbers.defaultPrefix(merchantId);
        return new Assigned(new InvoiceSequence(prefix, sequence), InvoiceNumbers.format(chosen, sequence));
    }

    /** Numbers assigned from now on carry {@code newPrefix}; the ones given keep theirs and the count goes on. */
    public InvoiceSequence withPrefix(String newPrefix) {
        return new InvoiceSequence(newPrefix, lastNumber);
    }
}
