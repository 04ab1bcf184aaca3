package io.abk.billing.streams.subscription.domain;

import static io.abk.billing.streams.subscription.domain.Fixtures.INVOICE_ID;
import static io.abk.billing.streams.subscription.domain.Fixtures.NOW;
import static io.abk.billing.streams.subscription.domain.Fixtures.SUBSCRIPTION_ID;
import static io.abk.billing.streams.subscription.domain.Fixtures.TENANT;
import static io.abk.billing.streams.subscription.domain.Scenarios.RENEWAL_ID;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;

import io.abk.billing.schemas.money.UsdcAmount;
import io.abk.billing.streams.subscription.domain.SubscriptionEvent.DiscountApplied;
import io.abk.billing.streams.subscription.domain.SubscriptionEvent.DiscountEnded;
import io.abk.billing.streams.subscription.domain.SubscriptionEvent.InvoiceRepriced;
import io.abk.billing.streams.subscription.domain.SubscriptionInstruction.ApplyDiscount;
import io.abk.billing.streams.subscription.domain.SubscriptionInstruction.Create;
import io.abk.billing.streams.subscription.domain.SubscriptionState.Absent;
import io.abk.billing.streams.subscription.domain.SubscriptionState.Existing;
import java.time.Instant;
import org.jspecify.annotations.Nullable;
import org.junit.jupiter.api.Test;

/**
 * A subscription's discount (docs/architecture.md, "Plan changes and proration"): on every invoice whose period it
 * applies to, as a discount line of the shared rule; {@code once} used up by the first invoice it takes something off.
 */
class DiscountRulesTest {

    private static final Instant LATER = Scenarios.LATER;

    @Test
    void shouldDiscountTheFirstInvoiceAndEveryRenewalWhenCreatedWithAForeverCoupon() {
        // given a subscription created with 20 % off forever, then activated and paid
        var active = activate(created(percent(DiscountDuration.FOREVER, null, NOW)));
        var first = active.details().invoice(INVOICE_ID).orElseThrow();

        // then its first invoice is discounted, with the line described by the coupon
        assertThat(first.lines())
                .extracting(InvoiceLine::kind, InvoiceLine::description, InvoiceLine::signedMicros)
                .containsExactly(
                        tuple(InvoiceLineKind.SUBSCRIPTION, "9.99 USDC per month", 9_990_000L),
                        tuple(InvoiceLineKind.DISCOUNT, "WELCOME (20% off)", -1_998_000L));
        assertThat(first.amount().micros()).isEqualTo(7_992_000);
        assertThat(first.discount().micros()).isEqualTo(1_998_000);

        // and so is the renewal, and the discount stays
        var renewed = Scenarios.apply(active, Scenarios.renew(active));
        assertThat(renewed.details().invoice(RENEWAL_ID).orElseThrow().amount().micros())
                .isEqualTo(7_992_000);
        assertThat(renewed.details().discount()).isNotNull();
    }

    @Test
    void shouldDiscountOnlyTheFirstInvoiceWhenTheCouponIsOnce() {
        var decision = ProrationRulesTest.accepted(new Absent(), create(percent(DiscountDuration.ONCE, null, NOW)));
        assertThat(decision.events()).extracting(Object::getClass).contains(DiscountEnded.class);
        var active = activate((Existing) SubscriptionEvolver.evolveAll(new Absent(), decision.events()));
        assertThat(active.details().discount()).isNull();
        assertThat(active.details().invoice(INVOICE_ID).orElseThrow().amount().micros())
                .isEqualTo(7_992_000);

        var renewed = Scenarios.apply(active, Scenarios.renew(active));
        assertThat(renewed.details().invoice(RENEWAL_ID).orElseThrow().amount()).isEqualTo(Fixtures.AMOUNT);
    }

    @Test
    void shouldStopDiscountingWhenARepeatingCouponsMonthsAreOver() {
        // given one month from Jan 31 10:15:30: it ends Feb 28 10:15:30, where the first renewal's period starts
        var discount = percent(DiscountDuration.REPEATING, 1, NOW);
        assertThat(discount.end()).isEqualTo(Scenarios.FIRST_PERIOD_END);
        var active = activate(created(discount));
        assertThat(active.details().invoice(INVOICE_ID).orElseThrow().discount().micros())
                .isEqualTo(1_998_000);

        // when the period renews, then the renewal is not discounted
        var renewed = Scenarios.apply(active, Scenarios.renew(active));
        assertThat(renewed.details().invoice(RENEWAL_ID).orElseThrow().lines())
                .extracting(InvoiceLine::kind)
                .containsExactly(InvoiceLineKind.SUBSCRIPTION);
    }

    @Test
    void shouldTakeAFixedAmountButNeverMoreThanTheInvoice() {
        var twenty = new Discount("coupon_1", null, null, null, 20_000_000L, DiscountDuration.FOREVER, null, NOW, null);
        var state = created(twenty);
        var first = state.details().invoice(INVOICE_ID).orElseThrow();
        assertThat(first.amount().micros()).isZero();
        assertThat(first.lines().getLast().description()).isEqualTo("20 USDC off");
        assertThat(first.discount().micros()).isEqualTo(9_990_000);
    }

    @Test
    void shouldDiscountNothingWhenCreditsLeaveNothingToDiscount() {
        // given an active subscription with 20 % off forever, moved down to 1 USDC halfway through its period
        var active = activate(created(percent(DiscountDuration.FOREVER, null, NOW)));
        var down = Scenarios.apply(
                active,
                ProrationRulesTest.update(
                        UsdcAmount.ofMicros(1_000_000),
                        ProrationBehavior.CREATE_PRORATIONS,
                        Instant.parse("2026-02-14T10:15:30Z"),
                        "cmd_down"));

        // when it renews with more credit than the plan costs
        var renewal = Scenarios.apply(down, Scenarios.renew(down))
                .details()
                .invoice(RENEWAL_ID)
                .orElseThrow();

        // then there is no discount line: nothing was left to discount
        assertThat(renewal.lines()).extracting(InvoiceLine::kind).doesNotContain(InvoiceLineKind.DISCOUNT);
        assertThat(renewal.amount().micros()).isZero();
    }

    @Test
    void shouldRepriceTheOpenFirstInvoiceWhenADiscountIsAppliedToAnIncompleteSubscription() {
        // given an incomplete subscription
        var incomplete = Scenarios.incompletePending();

        // when a coupon is redeemed on it
        var applied = ProrationRulesTest.accepted(incomplete, apply(percent(DiscountDuration.FOREVER, null, LATER)));

        // then its first invoice is re-priced
        assertThat(applied.events())
                .extracting(Object::getClass)
                .containsExactly(DiscountApplied.class, InvoiceRepriced.class);
        var after = ProrationRulesTest.evolve(incomplete, applied);
        assertThat(after.details().invoice(INVOICE_ID).orElseThrow().amount().micros())
                .isEqualTo(7_992_000);

        // and removing the discount prices it back
        var removed = Scenarios.apply(after, apply(null));
        assertThat(removed.details().discount()).isNull();
        assertThat(removed.details().invoice(INVOICE_ID).orElseThrow().amount()).isEqualTo(Fixtures.AMOUNT);
    }

    @Test
    void shouldRefuseToRepriceTheFirstInvoiceWhileItsChargeIsInFlight() {
        var decision =
                Fixtures.decide(Scenarios.incompleteCharging(), apply(percent(DiscountDuration.FOREVER, null, LATER)));
        assertThat(decision)
                .isInstanceOfSatisfying(
                        SubscriptionDecision.Rejected.class,
                        rejected -> assertThat(rejected.reason()).isEqualTo(SubscriptionRejection.INVOICE_IN_FLIGHT));
    }

    @Test
    void shouldDiscountTheNextInvoicesOnlyWhenApplyingToAnActiveSubscription() {
        // given an active subscription, paid in full
        var active = Scenarios.active();

        // when a coupon is redeemed on it
        var applied = ProrationRulesTest.accepted(active, apply(percent(DiscountDuration.FOREVER, null, LATER)));

        // then only the discount changes (a subscription.updated), and the renewal is discounted
        assertThat(applied.events()).extracting(Object::getClass).containsExactly(DiscountApplied.class);
        var after = ProrationRulesTest.evolve(active, applied);
        assertThat(after.details().invoice(INVOICE_ID).orElseThrow().amount()).isEqualTo(Fixtures.AMOUNT);
        var renewed = Scenarios.apply(after, Scenarios.renew(after));
        assertThat(renewed.details().invoice(RENEWAL_ID).orElseThrow().amount().micros())
                .isEqualTo(7_992_000);
    }

    @Test
    void shouldRefuseADiscountOnACanceledSubscriptionAndIgnoreRemovingNone() {
        var canceled = Fixtures.decide(Scenarios.canceled(), apply(percent(DiscountDuration.FOREVER, null, LATER)));
        assertThat(canceled)
                .isInstanceOfSatisfying(
                        SubscriptionDecision.Rejected.class,
                        rejected -> assertThat(rejected.reason()).isEqualTo(SubscriptionRejection.UPDATE_FAILED));
        assertThat(Fixtures.decide(Scenarios.active(), apply(null)))
                .isEqualTo(new SubscriptionDecision.Accepted(java.util.List.of()));
    }

    static Discount percent(DiscountDuration duration, @Nullable Integer months, Instant at) {
        return Discount.applied("coupon_1", "WELCOME", null, 2_000, null, duration, months, at);
    }

    static ApplyDiscount apply(@Nullable Discount discount) {
        return new ApplyDiscount(SUBSCRIPTION_ID, TENANT, LATER, discount);
    }

    static Create create(Discount discount) {
        var plain = Fixtures.create(Interval.MONTH, 0);
        return new Create(
                plain.subscriptionId(),
                plain.tenant(),
                plain.requestedAt(),
                plain.invoiceId(),
                plain.plan(),
                plain.trialDays(),
                plain.wallets(),
                plain.merchantRef(),
                plain.metadata(),
                plain.successUrl(),
                plain.cancelUrl(),
                discount);
    }

    static Existing created(Discount discount) {
        return (Existing) SubscriptionEvolver.evolveAll(
                new Absent(),
                ProrationRulesTest.accepted(new Absent(), create(discount)).events());
    }

    /** Activated, its first invoice charged and paid. */
    static Existing activate(Existing incomplete) {
        var activating = Scenarios.apply(incomplete, Scenarios.activate());
        if (activating.details().settlements().inFlight().isEmpty()) {
            return activating;
        }
        return Scenarios.apply(activating, Scenarios.settleCharge(activating, INVOICE_ID, true));
    }
}
