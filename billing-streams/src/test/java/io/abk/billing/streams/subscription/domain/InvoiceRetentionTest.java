package io.abk.billing.streams.subscription.domain;

import static io.abk.billing.streams.subscription.domain.Fixtures.INVOICE_ID;
import static io.abk.billing.streams.subscription.domain.Fixtures.SUBSCRIPTION_ID;
import static io.abk.billing.streams.subscription.domain.Fixtures.TENANT;
import static io.abk.billing.streams.subscription.domain.Scenarios.RENEWAL_ID;
import static org.assertj.core.api.Assertions.assertThat;

import io.abk.billing.streams.subscription.domain.SubscriptionState.Existing;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Which invoices leave the aggregate settled. Protects the rules that scan the aggregate's invoices (a cancel
 * voiding open ones, dunning counting uncollectible ones, a renewal not billing its period twice) from missing an
 * invoice that left too early.
 */
class InvoiceRetentionTest {

    /** Active, renewed once and the renewal paid: the first invoice is paid and no longer the latest. */
    private static Existing renewedAndPaid() {
        var charging = Scenarios.activeCharging();
        return Scenarios.apply(charging, Scenarios.settleCharge(charging, RENEWAL_ID, true));
    }

    @ParameterizedTest(name = "{0}: settled {1}")
    @CsvSource({"PAID, true", "REFUNDED, true", "VOID, true", "OPEN, false", "UNCOLLECTIBLE, false"})
    void shouldLetAnOlderInvoiceLeaveOnlyWhenItIsPaidRefundedOrVoid(InvoiceStatus status, boolean settled) {
        // given an older invoice (not the latest, its period over, nothing in flight) in the status
        var state = renewedAndPaid();
        var old = withStatus(Scenarios.invoice(state, INVOICE_ID), status);
        var details = state.details().withInvoice(old);

        // then it may leave exactly when nothing more happens to it by itself
        assertThat(InvoiceRetention.settled(details, old)).isEqualTo(settled);
    }

    @Test
    void shouldKeepTheLatestInvoiceWhenItIsPaid() {
        var state = Scenarios.active();

        assertThat(InvoiceRetention.settledInvoices(state.details())).isEmpty();
        assertThat(InvoiceRetention.withoutSettled(state)).isEqualTo(state);
    }

    @Test
    void shouldLetThePaidFirstInvoiceLeaveWhenARenewalIsTheLatest() {
        var state = renewedAndPaid();

        assertThat(InvoiceRetention.settledInvoices(state.details()))
                .extracting(Invoice::id)
                .containsExactly(INVOICE_ID);
        assertThat(InvoiceRetention.withoutSettled(state).details().invoices())
                .extracting(Invoice::id)
                .containsExactly(RENEWAL_ID);
    }

    @Test
    void shouldKeepAPaidInvoiceWhileARefundOfItIsInFlight() {
        var refunding = Scenarios.refunding(renewedAndPaid());

        assertThat(InvoiceRetention.settledInvoices(refunding.details())).isEmpty();
    }

    @Test
    void shouldKeepAVoidRenewalOfTheNextPeriodSoThatPeriodIsNotBilledTwice() {
        // given a void renewal invoice for the period after the current one, no longer the latest
        var state = renewedAndPaid();
        var current = state.details().cycle().currentPeriod();
        var next = new Period(current.end(), current.end().plus(Duration.ofDays(31)));
        var voidRenewal = Invoice.open(
                        "inv_01jvoidrenewal000000000000",
                        List.of(InvoiceLine.subscription(state.details().plan(), next)),
                        BillingReason.SUBSCRIPTION_CYCLE,
                        next,
                        current.end(),
                        current.start())
                .voided(current.start());
        var details = state.details().withSettledInvoice(voidRenewal);

        // then it stays: the renewal rules look for it
        assertThat(InvoiceRetention.settled(details, voidRenewal)).isFalse();
    }

    @Test
    void shouldRestoreTheSameStateWhenASettledInvoiceIsPutBack() {
        // given a state whose settled first invoice left it
        var state = renewedAndPaid();
        var trimmed = InvoiceRetention.withoutSettled(state);

        // when a command names it and it is put back
        var restored = trimmed.mapDetails(d -> d.withSettledInvoice(Scenarios.invoice(state, INVOICE_ID)));

        // then the rules see exactly the state it left, in the same order
        assertThat(restored).isEqualTo(state);
    }

    @Test
    void shouldNameTheInvoiceOfInvoiceCommandsAndReversalsOnly() {
        var state = renewedAndPaid();

        assertThat(InvoiceRetention.named(Scenarios.refund(INVOICE_ID, null))).contains(INVOICE_ID);
        assertThat(InvoiceRetention.named(new SubscriptionInstruction.ReverseCharge(
                        SUBSCRIPTION_ID, TENANT, Scenarios.LATER, INVOICE_ID, "0xab", "84532:0xab:1")))
                .contains(INVOICE_ID);
        assertThat(InvoiceRetention.named(Scenarios.renew(state))).isEqualTo(Optional.empty());
        assertThat(InvoiceRetention.named(Scenarios.cancel(true))).isEqualTo(Optional.empty());
    }

    private static Invoice withStatus(Invoice i, InvoiceStatus status) {
        return new Invoice(
                i.id(),
                status,
                i.amount(),
                i.lines(),
                i.amountRefunded(),
                i.billingReason(),
                i.period(),
                i.dueAt(),
                i.attemptCount(),
                i.nextAttemptAt(),
                i.lastFailure(),
                i.paidAt(),
                i.txHash(),
                i.gas(),
                i.refundTxHash(),
                i.refundedAt(),
                i.voidedAt(),
                i.createdAt(),
                null);
    }
}
