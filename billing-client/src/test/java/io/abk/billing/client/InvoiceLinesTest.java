package io.abk.billing.client;

import static io.abk.billing.client.FakeApi.json;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;

import io.abk.billing.client.model.InvoiceLine;
import java.math.BigDecimal;
import java.time.Instant;
import org.junit.jupiter.api.Test;

class InvoiceLinesTest {

    @Test
    void shouldReadEachLineAndTheSumsExactlyWhenAnInvoiceHasADiscount() throws Exception {
        // given an invoice of a plan's line and a negative discount line, six decimals each
        var lines = """
                {"kind":"subscription","description":"12.345678 USDC per month","periodStart":"2026-01-31T12:00:00Z",
                 "periodEnd":"2026-02-28T12:00:00Z","quantity":1,"unitAmountUsdc":12.345678,"amountUsdc":12.345678},
                {"kind":"discount","description":"Launch offer","periodStart":"2026-01-31T12:00:00Z",
                 "periodEnd":"2026-02-28T12:00:00Z","quantity":1,"unitAmountUsdc":-2.000001,"amountUsdc":-2.000001}""";
        var answer = Fixtures.invoice("in_1", "10.345677", "12.345678", "2.000001", lines);
        try (var api = new FakeApi().then(json(200, answer))) {

            // when it is retrieved
            var invoice = api.client(0).invoices().retrieve("in_1");

            // then the sums and every line's amounts are the JSON's digits, the discount's sign kept
            assertThat(invoice.amountUsdc()).isEqualByComparingTo("10.345677");
            assertThat(invoice.subtotalUsdc()).isEqualByComparingTo("12.345678");
            assertThat(invoice.discountUsdc()).isEqualByComparingTo("2.000001");
            assertThat(invoice.lines())
                    .extracting(
                            InvoiceLine::kind,
                            InvoiceLine::quantity,
                            l -> l.amountUsdc().toPlainString())
                    .containsExactly(tuple("subscription", 1L, "12.345678"), tuple("discount", 1L, "-2.000001"));
            var discount = invoice.lines().get(1);
            assertThat(discount.description()).isEqualTo("Launch offer");
            assertThat(discount.unitAmountUsdc().toPlainString()).isEqualTo("-2.000001");
            assertThat(discount.periodStart()).isEqualTo(Instant.parse("2026-01-31T12:00:00Z"));
            assertThat(discount.periodEnd()).isEqualTo(Instant.parse("2026-02-28T12:00:00Z"));
            assertThat(invoice.lines().stream().map(InvoiceLine::amountUsdc).reduce(BigDecimal.ZERO, BigDecimal::add))
                    .as("the lines add up to the total")
                    .isEqualByComparingTo(invoice.amountUsdc());
        }
    }
}
