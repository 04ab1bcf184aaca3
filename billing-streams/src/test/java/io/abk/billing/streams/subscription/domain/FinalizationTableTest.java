package io.abk.billing.streams.subscription.domain;

import static io.abk.billing.streams.subscription.domain.DeciderTable.accepts;
import static io.abk.billing.streams.subscription.domain.DeciderTable.ignores;
import static io.abk.billing.streams.subscription.domain.DeciderTable.rejects;
import static io.abk.billing.streams.subscription.domain.DeciderTable.row;
import static io.abk.billing.streams.subscription.domain.Fixtures.INVOICE_ID;
import static io.abk.billing.streams.subscription.domain.Fixtures.SUBSCRIPTION_ID;
import static io.abk.billing.streams.subscription.domain.Fixtures.TENANT;
import static org.assertj.core.api.Assertions.assertThat;

import io.abk.billing.schemas.mode.Mode;
import io.abk.billing.streams.shared.domain.Tenant;
import io.abk.billing.streams.subscription.domain.DeciderTable.Row;
import io.abk.billing.streams.subscription.domain.SubscriptionEvent.InvoiceFinalized;
import io.abk.billing.streams.subscription.domain.SubscriptionInstruction.Finalize;
import io.abk.billing.streams.subscription.domain.SubscriptionState.Existing;
import java.time.Instant;
import java.util.function.Consumer;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The invoice numbering's answer (docs/architecture.md, "Invoice numbers"): an invoice takes its number, time and
 * hosted page once, whatever its status, and keeps its status; a second answer changes nothing.
 */
class FinalizationTableTest {

    private static final Instant AT = Scenarios.LATER.plusMillis(3);
    private static final String URL = "https://pay.example/invoice/AAAAAAAAAAAAAAAAAAAAAA";

    static Finalize finalize(String invoiceId, String number) {
        return new Finalize(SUBSCRIPTION_ID, TENANT, AT, invoiceId, number, URL);
    }

    private static Consumer<Existing> numbered(String invoiceId, String number, InvoiceStatus status) {
        return after -> {
            var invoice = Scenarios.invoice(after, invoiceId);
            assertThat(invoice.finalization()).isEqualTo(new InvoiceFinalization(number, AT, URL));
            assertThat(invoice.status()).isEqualTo(status);
        };
    }

    static Stream<Row> table() {
        var numberedOnce = Scenarios.apply(Scenarios.incompletePending(), finalize(INVOICE_ID, "ACME-000001"));
        return Stream.of(
                row(
                        "open first invoice of an incomplete subscription takes its number",
                        Scenarios.incompletePending(),
                        s -> finalize(INVOICE_ID, "ACME-000001"),
                        accepts("incomplete", InvoiceFinalized.class)
                                .and(numbered(INVOICE_ID, "ACME-000001", InvoiceStatus.OPEN))),
                // The number follows the invoice by milliseconds, yet a 0 USDC or fast charge may be paid already.
                row(
                        "paid invoice takes its number and stays paid",
                        Scenarios.active(),
                        s -> finalize(INVOICE_ID, "ACME-000001"),
                        accepts("active", InvoiceFinalized.class)
                                .and(numbered(INVOICE_ID, "ACME-000001", InvoiceStatus.PAID))),
                row(
                        "renewal being charged takes its number and keeps its charge in flight",
                        Scenarios.activeCharging(),
                        s -> finalize(Scenarios.RENEWAL_ID, "ACME-000002"),
                        accepts("active", InvoiceFinalized.class)
                                .and(numbered(Scenarios.RENEWAL_ID, "ACME-000002", InvoiceStatus.OPEN))
                                .and(after -> assertThat(
                                                after.details().settlements().inFlight())
                                        .hasSize(1))),
                row(
                        "second number for a numbered invoice is ignored",
                        numberedOnce,
                        s -> finalize(INVOICE_ID, "ACME-000002"),
                        ignores()),
                row(
                        "number for an invoice the subscription does not hold is refused",
                        Scenarios.incompletePending(),
                        s -> finalize("inv_unknown", "ACME-000001"),
                        rejects(SubscriptionRejection.RESOURCE_MISSING)),
                row(
                        "number for another merchant's subscription is refused",
                        Scenarios.incompletePending(),
                        s -> new Finalize(
                                SUBSCRIPTION_ID,
                                new Tenant("mer_other", Mode.TEST),
                                AT,
                                INVOICE_ID,
                                "ACME-000001",
                                URL),
                        rejects(SubscriptionRejection.RESOURCE_MISSING)));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("table")
    void shouldNumberAnInvoiceOnceWhenTheNumberingAnswers(Row row) {
        row.verify();
    }
}
