package io.abk.billing.streams.subscription.domain;

import static io.abk.billing.streams.subscription.domain.Fixtures.INVOICE_ID;
import static org.assertj.core.api.Assertions.assertThat;

import io.abk.billing.schemas.money.UsdcAmount;
import io.abk.billing.streams.subscription.domain.SubscriptionEvent.InvoiceRefunded;
import io.abk.billing.streams.subscription.domain.SubscriptionState.Existing;
import java.util.ArrayList;
import org.junit.jupiter.api.Test;

/** Partial and full refunds of a paid 9.99 USDC invoice; refunds in flight count against what is left. */
class RefundTest {

    private static final UsdcAmount THREE = UsdcAmount.ofMicros(3_000_000);
    private static final UsdcAmount FOUR = UsdcAmount.ofMicros(4_000_000);

    @Test
    void shouldStayPaidAfterPartialRefundsAndBecomeRefundedWhenTheRestIsRefunded() {
        var state = Scenarios.active();
        var refunds = new ArrayList<InvoiceRefunded>();
        var refundIds = new ArrayList<String>();
        var statuses = new ArrayList<InvoiceStatus>();

        for (var amount : new UsdcAmount[] {THREE, FOUR, null}) {
            var requested = Scenarios.apply(state, Scenarios.refund(INVOICE_ID, amount));
            refundIds.add(Scenarios.inFlight(requested, SettlementKind.REFUND, INVOICE_ID)
                    .requestId());
            var settle = Scenarios.settleRefund(requested, INVOICE_ID, true);
            var accepted = (SubscriptionDecision.Accepted) Fixtures.decide(requested, settle);
            accepted.events().stream()
                    .filter(InvoiceRefunded.class::isInstance)
                    .map(InvoiceRefunded.class::cast)
                    .forEach(refunds::add);
            state = (Existing) SubscriptionEvolver.evolveAll(requested, accepted.events());
            statuses.add(Scenarios.invoice(state, INVOICE_ID).status());
        }

        assertThat(refundIds)
                .containsExactly(INVOICE_ID + ":refund:1", INVOICE_ID + ":refund:2", INVOICE_ID + ":refund:3");
        assertThat(refunds)
                .extracting(InvoiceRefunded::refundAmount)
                .containsExactly(THREE, FOUR, UsdcAmount.ofMicros(2_990_000));
        assertThat(statuses).containsExactly(InvoiceStatus.PAID, InvoiceStatus.PAID, InvoiceStatus.REFUNDED);
        var invoice = Scenarios.invoice(state, INVOICE_ID);
        assertThat(invoice.amountRefunded()).isEqualTo(invoice.amount());
        assertThat(invoice.refundTxHash()).isEqualTo(Scenarios.txHash(INVOICE_ID + ":refund:3"));
        assertThat(invoice.refundedAt()).isEqualTo(Scenarios.LATER);
        assertThat(state.details().settlements().refundCount()).isEqualTo(3);
        assertThat(Fixtures.decide(state, Scenarios.refund(INVOICE_ID, null)))
                .isInstanceOfSatisfying(
                        SubscriptionDecision.Rejected.class,
                        r -> assertThat(r.reason()).isEqualTo(SubscriptionRejection.INVOICE_NOT_REFUNDABLE));
    }

    @Test
    void shouldRejectOverRefundWhenARefundIsStillInFlight() {
        // Protects against two concurrent refunds each passing the check against the paid amount alone.
        var inFlight =
                Scenarios.apply(Scenarios.active(), Scenarios.refund(INVOICE_ID, UsdcAmount.ofMicros(5_000_000)));

        var tooMuch = Fixtures.decide(inFlight, Scenarios.refund(INVOICE_ID, UsdcAmount.ofMicros(5_000_000)));
        var rest = Scenarios.apply(inFlight, Scenarios.refund(INVOICE_ID, null));
        var nothingLeft = Fixtures.decide(rest, Scenarios.refund(INVOICE_ID, UsdcAmount.ofMicros(1)));

        assertThat(tooMuch).isInstanceOfSatisfying(SubscriptionDecision.Rejected.class, r -> {
            assertThat(r.reason()).isEqualTo(SubscriptionRejection.AMOUNT_TOO_LARGE);
            assertThat(r.reason().code()).isEqualTo("amount_too_large");
            assertThat(r.message()).contains("4.99 USDC left");
        });
        assertThat(Scenarios.inFlight(rest, SettlementKind.REFUND, INVOICE_ID).amount())
                .isEqualTo(UsdcAmount.ofMicros(4_990_000));
        assertThat(nothingLeft)
                .isInstanceOfSatisfying(
                        SubscriptionDecision.Rejected.class,
                        r -> assertThat(r.reason()).isEqualTo(SubscriptionRejection.INVOICE_NOT_REFUNDABLE));
    }

    @Test
    void shouldReleaseTheReservationWhenARefundFails() {
        var requested = Scenarios.apply(Scenarios.active(), Scenarios.refund(INVOICE_ID, null));

        var decision = Fixtures.decide(requested, Scenarios.settleRefund(requested, INVOICE_ID, false));

        var failed = (SubscriptionDecision.Failed) decision;
        assertThat(failed.reason().code()).isEqualTo("refund_failed");
        assertThat(failed.message()).isEqualTo("No live chain is configured for settlement");
        var after = (Existing) SubscriptionEvolver.evolveAll(requested, failed.events());
        var invoice = Scenarios.invoice(after, INVOICE_ID);
        assertThat(invoice.status()).isEqualTo(InvoiceStatus.PAID);
        assertThat(invoice.amountRefunded()).isEqualTo(UsdcAmount.ZERO);
        assertThat(after.details().settlements().inFlight()).isEmpty();
        // The whole amount can be asked for again, under the next refund number.
        var again = Scenarios.apply(after, Scenarios.refund(INVOICE_ID, null));
        assertThat(Scenarios.inFlight(again, SettlementKind.REFUND, INVOICE_ID))
                .extracting(Settlement::requestId, Settlement::amount)
                .containsExactly(INVOICE_ID + ":refund:2", Fixtures.AMOUNT);
    }
}
