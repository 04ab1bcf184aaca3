package io.abk.billing.schemas.money;

import static org.assertj.core.api.Assertions.assertThat;

import org.jspecify.annotations.Nullable;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class InvoiceCompositionTest {

    @ParameterizedTest(name = "{0} micros of lines, {1} bp, {2} off: {3} discount, {4} carried, {5} due")
    @CsvSource(
            nullValues = "-",
            value = {
                // lines before the discount, percent (bp), amount off, discount, carried, amount
                "10000000, -, -, 0, 0, 10000000",
                "10000000, 2000, -, 2000000, 0, 8000000",
                "17500000, 2000, -, 3500000, 0, 14000000", // the discount is of the prorations too
                "3000000, -, 5000000, 3000000, 0, 0", // a fixed amount never more than the lines
                "0, 2000, -, 0, 0, 0",
                "-2500000, -, -, 0, 2500000, 0", // a credit is carried, the invoice is 0
                "-2500000, 5000, -, 0, 2500000, 0", // and is not discounted
            })
    void shouldDiscountTheLinesAndCarryWhatWouldLeaveTheInvoiceBelowZero(
            long lines, @Nullable Integer percent, @Nullable Long amountOff, long discount, long carried, long amount) {
        var totals = InvoiceComposition.totals(lines, percent, amountOff);
        assertThat(totals.discountMicros()).isEqualTo(discount);
        assertThat(totals.carriedMicros()).isEqualTo(carried);
        assertThat(totals.amountMicros()).isEqualTo(amount);
        assertThat(totals.subtotalMicros() - totals.discountMicros()).isEqualTo(totals.amountMicros());
    }
}
