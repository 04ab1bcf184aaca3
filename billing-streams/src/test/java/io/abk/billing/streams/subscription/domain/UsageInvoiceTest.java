package io.abk.billing.streams.subscription.domain;

import static io.abk.billing.streams.subscription.domain.Fixtures.INVOICE_ID;
import static io.abk.billing.streams.subscription.domain.MeteredScenarios.MAX;
import static io.abk.billing.streams.subscription.domain.Scenarios.FIRST_PERIOD_END;
import static org.assertj.core.api.Assertions.assertThat;

import io.abk.billing.schemas.money.InvoiceComposition;
import io.abk.billing.schemas.money.UsdcAmount;
import io.abk.billing.streams.subscription.domain.SubscriptionState.Active;
import io.abk.billing.streams.subscription.domain.SubscriptionState.Existing;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * What a subscription with metered items bills beyond the renewal table: the renewal's usage composed with the
 * discount and the lines pending from a change of amount, a subscription of usage only, and the mandate its customer
 * signs (the maximum per period, which caps every charge).
 */
class UsageInvoiceTest {

    @Test
    void shouldComposeUsageWithPendingProrationsAndTheDiscountWhenTheRenewalIsInvoiced() {
        // Given: 20% off for three months, and the seats raised to 12 USDC an hour in, prorated on the next invoice.
        var active = MeteredScenarios.active();
        var discounted = Scenarios.apply(
                active,
                DiscountRulesTest.apply(DiscountRulesTest.percent(DiscountDuration.REPEATING, 3, Scenarios.LATER)));
        var raised = Scenarios.apply(discounted, Scenarios.update(UsdcAmount.ofMicros(12_000_000), null, Map.of()));
        var pending = raised.details().pendingLines();
        assertThat(pending).hasSize(2).allMatch(line -> line.kind() == InvoiceLineKind.PRORATION);
        var awaiting = MeteredScenarios.awaiting(raised);

        // When: the period's usage arrives.
        var after = Scenarios.apply(awaiting, MeteredScenarios.recorded(awaiting, 1_234, 150));

        // Then: the seats, the usage, the pending prorations, then the discount on all of them.
        var renewal = Scenarios.invoice(after, Scenarios.latestInvoice(after));
        assertThat(renewal.lines())
                .extracting(InvoiceLine::kind)
                .containsExactly(
                        InvoiceLineKind.SUBSCRIPTION,
                        InvoiceLineKind.USAGE,
                        InvoiceLineKind.USAGE,
                        InvoiceLineKind.PRORATION,
                        InvoiceLineKind.PRORATION,
                        InvoiceLineKind.DISCOUNT);
        var subtotal = 12_000_000L
                + 2_468_000L
                + 3_500_000L
                + pending.stream().mapToLong(InvoiceLine::signedMicros).sum();
        assertThat(renewal.subtotal().micros()).isEqualTo(subtotal);
        var discount = InvoiceComposition.totals(subtotal, 2_000, null).discountMicros();
        assertThat(discount).isPositive();
        assertThat(renewal.discount().micros()).isEqualTo(discount);
        assertThat(renewal.amount().micros()).isEqualTo(subtotal - discount);
        assertThat(after.details().pendingLines()).isEmpty();
        assertThat(after.details().settlements().inFlight())
                .extracting(settlement -> settlement.amount().micros())
                .containsExactly(subtotal - discount);
    }

    @Test
    void shouldBillOnlyUsageWhenNothingIsLicensed() {
        // Given: usage only: the first invoice is free and paid at activation.
        var active = MeteredScenarios.active(MeteredScenarios.usageOnlyPlan());
        assertThat(active).isInstanceOf(Active.class);
        assertThat(Scenarios.invoice(active, INVOICE_ID).amount()).isEqualTo(UsdcAmount.ZERO);
        assertThat(Scenarios.invoice(active, INVOICE_ID).status()).isEqualTo(InvoiceStatus.PAID);
        var awaiting = MeteredScenarios.awaiting(active);

        var after = Scenarios.apply(awaiting, MeteredScenarios.recorded(awaiting, 500, 0));

        // Then: no zero seat line, one usage line of 500 x 0.002 USDC.
        var renewal = Scenarios.invoice(after, Scenarios.latestInvoice(after));
        assertThat(renewal.lines())
                .extracting(
                        InvoiceLine::kind,
                        InvoiceLine::quantity,
                        line -> line.amount().micros())
                .containsExactly(org.assertj.core.api.Assertions.tuple(InvoiceLineKind.USAGE, 500L, 1_000_000L));
        assertThat(renewal.period().start()).isEqualTo(FIRST_PERIOD_END);
    }

    @Test
    void shouldSetUpTheMandateForTheMaximumPerPeriodWhenMeteredIsActivated() {
        var active = MeteredScenarios.active();

        assertThat(active.details().mandate().amount()).isEqualTo(MAX);
        // The first invoice bills the licensed part only: usage is billed in arrears.
        assertThat(Scenarios.invoice(active, INVOICE_ID).amount()).isEqualTo(MeteredScenarios.LICENSED);
    }

    @Test
    void shouldTakeASignedMandateOnlyForTheMaximumPerPeriodWhenMetered() {
        var incomplete = MeteredScenarios.incomplete(MeteredScenarios.plan());

        var forMax = Fixtures.decide(incomplete, SignedMandates.submit(terms -> signedFor(terms, MAX)));
        var forLicensed = Fixtures.decide(
                incomplete, SignedMandates.submit(terms -> signedFor(terms, MeteredScenarios.LICENSED)));

        assertThat(forMax).isInstanceOf(SubscriptionDecision.Accepted.class);
        assertThat(forLicensed).isInstanceOfSatisfying(SubscriptionDecision.Rejected.class, rejected -> {
            assertThat(rejected.reason()).isEqualTo(SubscriptionRejection.ACTIVATE_FAILED);
            assertThat(rejected.message()).contains("50000000");
        });
    }

    @Test
    void shouldRefuseALicensedAmountAboveTheMaximumPerPeriodWhenUpdated() {
        Existing incomplete = MeteredScenarios.incomplete(MeteredScenarios.plan());

        var decision = Fixtures.decide(incomplete, Scenarios.update(UsdcAmount.ofMicros(50_000_001), null, Map.of()));

        assertThat(decision)
                .isInstanceOfSatisfying(
                        SubscriptionDecision.Rejected.class,
                        rejected ->
                                assertThat(rejected.reason()).isEqualTo(SubscriptionRejection.AMOUNT_ABOVE_MANDATE));
    }

    @Test
    void shouldKeepItemsAndMaximumWhenTheAmountIsUpdated() {
        var active = MeteredScenarios.active();

        var after = Scenarios.apply(active, Scenarios.update(UsdcAmount.ofMicros(12_000_000), null, Map.of()));

        assertThat(after.details().plan().items())
                .isEqualTo(MeteredScenarios.plan().items());
        assertThat(after.details().plan().maxAmountPerPeriod()).isEqualTo(MAX);
        assertThat(after.details().plan().amount()).isEqualTo(UsdcAmount.ofMicros(12_000_000));
    }

    private static SignedMandate signedFor(SignedMandate terms, UsdcAmount perPeriod) {
        return new SignedMandate(
                terms.wallet(),
                terms.periods(),
                terms.deadlineSeconds(),
                terms.nonce(),
                terms.signature(),
                Long.toString(perPeriod.micros()),
                terms.periodMonths(),
                terms.firstChargeAtSeconds(),
                terms.permit());
    }
}
