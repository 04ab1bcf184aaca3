package io.abk.billing.streams.subscription.domain;

import static io.abk.billing.streams.subscription.domain.Fixtures.SUBSCRIPTION_ID;
import static io.abk.billing.streams.subscription.domain.Fixtures.TENANT;
import static io.abk.billing.streams.subscription.domain.Scenarios.FIRST_PERIOD_END;
import static io.abk.billing.streams.subscription.domain.Scenarios.RENEWAL_ID;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;

import io.abk.billing.schemas.ids.IdPrefix;
import io.abk.billing.schemas.ids.Ids;
import io.abk.billing.schemas.money.UsdcAmount;
import io.abk.billing.streams.subscription.domain.SubscriptionEvent.ChargeRequested;
import io.abk.billing.streams.subscription.domain.SubscriptionEvent.InvoiceCreated;
import io.abk.billing.streams.subscription.domain.SubscriptionEvent.InvoiceLinesPending;
import io.abk.billing.streams.subscription.domain.SubscriptionEvent.InvoicePaymentFailed;
import io.abk.billing.streams.subscription.domain.SubscriptionEvent.SubscriptionUpdated;
import io.abk.billing.streams.subscription.domain.SubscriptionInstruction.Update;
import io.abk.billing.streams.subscription.domain.SubscriptionState.Existing;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * A change of amount during a period (docs/architecture.md, "Plan changes and proration"), on the active subscription
 * of {@link Scenarios}: 9.99 USDC a month, its period Jan 31 10:15:30 .. Feb 28 10:15:30 (28 days), its mandate
 * signed for 9.99.
 */
class ProrationRulesTest {

    private static final Instant MIDPOINT = Instant.parse("2026-02-14T10:15:30Z");
    private static final UsdcAmount FIVE = UsdcAmount.ofMicros(5_000_000);

    @Test
    void shouldMakeTheTwoLinesPendingForTheRenewalWhenCreatingProrations() {
        // given the active subscription
        var active = Scenarios.active();

        // when it moves down to 5 USDC halfway through its period
        var changed = accepted(active, update(FIVE, ProrationBehavior.CREATE_PRORATIONS, MIDPOINT, "cmd_down"));

        // then half of each amount waits for the next invoice, credit first
        assertThat(changed.events())
                .extracting(Object::getClass)
                .containsExactly(SubscriptionUpdated.class, InvoiceLinesPending.class);
        var after = evolve(active, changed);
        assertThat(after.details().pendingLines())
                .extracting(InvoiceLine::description, InvoiceLine::signedMicros)
                .containsExactly(
                        tuple("Unused time on 9.99 USDC per month", -4_995_000L),
                        tuple("Remaining time on 5 USDC per month", 2_500_000L));
        assertThat(after.details().pendingLines().getFirst().period())
                .isEqualTo(new Period(MIDPOINT, FIRST_PERIOD_END));

        // and the renewal carries them after its subscription line, and empties them
        var renewed = Scenarios.apply(after, Scenarios.renew(after));
        var renewal = renewed.details().invoice(RENEWAL_ID).orElseThrow();
        assertThat(renewal.lines())
                .extracting(InvoiceLine::kind, InvoiceLine::signedMicros)
                .containsExactly(
                        tuple(InvoiceLineKind.SUBSCRIPTION, 5_000_000L),
                        tuple(InvoiceLineKind.PRORATION, -4_995_000L),
                        tuple(InvoiceLineKind.PRORATION, 2_500_000L));
        assertThat(renewal.amount().micros()).isEqualTo(2_505_000);
        assertThat(renewed.details().pendingLines()).isEmpty();
    }

    @Test
    void shouldCancelExactlyWhenAChangeIsUndoneAtTheSameInstant() {
        // given a downgrade to 5 USDC halfway through the period
        var down = Scenarios.apply(
                Scenarios.active(), update(FIVE, ProrationBehavior.CREATE_PRORATIONS, MIDPOINT, "cmd_down"));

        // when it is undone at the same instant
        var back = Scenarios.apply(
                down, update(Fixtures.AMOUNT, ProrationBehavior.CREATE_PRORATIONS, MIDPOINT, "cmd_back"));

        // then four lines wait that sum to nothing, and the renewal bills exactly the plan
        assertThat(back.details().pendingLines()).hasSize(4);
        assertThat(sum(back.details().pendingLines())).isZero();
        var renewed = Scenarios.apply(back, Scenarios.renew(back));
        assertThat(renewed.details().invoice(RENEWAL_ID).orElseThrow().amount()).isEqualTo(Fixtures.AMOUNT);
    }

    @Test
    void shouldInvoiceAndChargeAtOnceWhenAlwaysInvoicingAChangeThatCostsMore() {
        // given a subscription moved down to 5 USDC without proration
        var down =
                Scenarios.apply(Scenarios.active(), update(FIVE, ProrationBehavior.NONE, Scenarios.LATER, "cmd_down"));
        assertThat(down.details().pendingLines()).isEmpty();

        // when it moves back up to 9.99 (within the mandate) halfway through, invoiced at once
        var up = accepted(down, update(Fixtures.AMOUNT, ProrationBehavior.ALWAYS_INVOICE, MIDPOINT, "cmd_up"));

        // then a subscription_update invoice for the rest of the period is made and charged
        assertThat(up.events())
                .extracting(Object::getClass)
                .containsExactly(SubscriptionUpdated.class, InvoiceCreated.class, ChargeRequested.class);
        var after = evolve(down, up);
        var invoice = after.details()
                .invoice(Ids.derivedId(IdPrefix.INVOICE, MIDPOINT, "cmd_up"))
                .orElseThrow();
        assertThat(invoice.billingReason()).isEqualTo(BillingReason.SUBSCRIPTION_UPDATE);
        assertThat(invoice.period()).isEqualTo(new Period(MIDPOINT, FIRST_PERIOD_END));
        assertThat(invoice.lines()).extracting(InvoiceLine::signedMicros).containsExactly(-2_500_000L, 4_995_000L);
        assertThat(invoice.amount().micros()).isEqualTo(2_495_000);
        assertThat(after.details().pendingLines()).isEmpty();
    }

    @Test
    void shouldKeepTheCreditPendingWhenAlwaysInvoicingAChangeThatCostsLess() {
        // given the active subscription
        var active = Scenarios.active();

        // when it moves down, invoiced at once
        var down = accepted(active, update(FIVE, ProrationBehavior.ALWAYS_INVOICE, MIDPOINT, "cmd_down"));

        // then no invoice is made: the credit waits for the next one
        assertThat(down.events())
                .extracting(Object::getClass)
                .containsExactly(SubscriptionUpdated.class, InvoiceLinesPending.class);
        assertThat(sum(evolve(active, down).details().pendingLines())).isEqualTo(-2_495_000);
    }

    @Test
    void shouldMakeNoLinesWhenTheBehaviorIsNoneOrNothingIsProrated() {
        var active = Scenarios.active();
        // none
        assertThat(accepted(active, update(FIVE, ProrationBehavior.NONE, MIDPOINT, "c1"))
                        .events())
                .extracting(Object::getClass)
                .containsExactly(SubscriptionUpdated.class);
        // a change at the period's end (the renewal is due)
        assertThat(accepted(active, update(FIVE, ProrationBehavior.CREATE_PRORATIONS, FIRST_PERIOD_END, "c2"))
                        .events())
                .extracting(Object::getClass)
                .containsExactly(SubscriptionUpdated.class);
        // a new interval: the period is billed as it was and the new one starts at its end
        var yearly = new Update(
                SUBSCRIPTION_ID,
                TENANT,
                MIDPOINT,
                FIVE,
                Interval.YEAR,
                null,
                Map.of(),
                null,
                ProrationBehavior.CREATE_PRORATIONS,
                "c3");
        assertThat(accepted(active, yearly).events())
                .extracting(Object::getClass)
                .containsExactly(SubscriptionUpdated.class);
        // a trial, which was not billed at the old amount
        var trialing = Scenarios.apply((Existing) Fixtures.created(Interval.MONTH, 14), Scenarios.activate());
        assertThat(Statuses.name(trialing)).isEqualTo("active");
        assertThat(accepted(
                                trialing,
                                update(
                                        FIVE,
                                        ProrationBehavior.CREATE_PRORATIONS,
                                        Fixtures.NOW.plus(Duration.ofDays(7)),
                                        "c4"))
                        .events())
                .extracting(Object::getClass)
                .containsExactly(SubscriptionUpdated.class);
    }

    @Test
    void shouldMakeTheInvoiceZeroAndCarryTheCreditWhenTheLinesSumBelowZero() {
        // given a move down to 1 USDC halfway through: -4.995 + 0.5
        var down = Scenarios.apply(
                Scenarios.active(),
                update(UsdcAmount.ofMicros(1_000_000), ProrationBehavior.CREATE_PRORATIONS, MIDPOINT, "cmd_down"));

        // when the period renews: 1 - 4.495 = -3.495
        var renewed = Scenarios.apply(down, Scenarios.renew(down));

        // then the renewal is 0 (and so paid at once) with a carry line, and the credit waits for the next invoice
        var renewal = renewed.details().invoice(RENEWAL_ID).orElseThrow();
        assertThat(renewal.amount().micros()).isZero();
        assertThat(renewal.status()).isEqualTo(InvoiceStatus.PAID);
        assertThat(renewal.lines().getLast().description()).isEqualTo("Credit carried to the next invoice");
        assertThat(renewal.lines().getLast().signedMicros()).isEqualTo(3_495_000);
        assertThat(renewal.subtotal().micros()).isZero();
        assertThat(renewed.details().pendingLines())
                .extracting(InvoiceLine::description, InvoiceLine::signedMicros)
                .containsExactly(tuple("Credit from " + RENEWAL_ID, -3_495_000L));

        // and the next renewal uses what is left of it: 1 - 3.495, carried again
        var next = Scenarios.apply(renewed, Scenarios.renew(renewed));
        assertThat(sum(next.details().pendingLines())).isEqualTo(-2_495_000);
    }

    @Test
    void shouldLeaveTheInvoiceOpenUnchargedWhenItExceedsTheMandate() {
        // given a move down without proration, then back up to the mandate's 9.99 halfway through with prorations
        var down =
                Scenarios.apply(Scenarios.active(), update(FIVE, ProrationBehavior.NONE, Scenarios.LATER, "cmd_down"));
        var up =
                Scenarios.apply(down, update(Fixtures.AMOUNT, ProrationBehavior.CREATE_PRORATIONS, MIDPOINT, "cmd_up"));

        // when the period renews: 9.99 + 2.495 is more than the 9.99 the customer signed per period
        var renew = accepted(up, Scenarios.renew(up));

        // then the renewal is made but not charged: it fails with amount_exceeds_mandate, stays open, no retry
        assertThat(renew.events())
                .extracting(Object::getClass)
                .containsExactly(InvoiceCreated.class, InvoiceLinesPending.class, InvoicePaymentFailed.class);
        var failed = (InvoicePaymentFailed) renew.events().get(2);
        assertThat(failed.failure().code()).isEqualTo("amount_exceeds_mandate");
        var renewal = evolve(up, renew).details().invoice(RENEWAL_ID).orElseThrow();
        assertThat(renewal.amount().micros()).isEqualTo(12_485_000);
        assertThat(renewal.status()).isEqualTo(InvoiceStatus.OPEN);
        assertThat(renewal.attemptCount()).isZero();
        assertThat(renewal.nextAttemptAt()).isNull();
    }

    @Test
    void shouldStillRefuseANewAmountAboveTheMandate() {
        var decision = Fixtures.decide(
                Scenarios.active(),
                update(UsdcAmount.ofMicros(12_000_000), ProrationBehavior.ALWAYS_INVOICE, MIDPOINT, "c"));
        assertThat(decision)
                .isInstanceOfSatisfying(
                        SubscriptionDecision.Rejected.class,
                        rejected ->
                                assertThat(rejected.reason()).isEqualTo(SubscriptionRejection.AMOUNT_ABOVE_MANDATE));
    }

    static Update update(UsdcAmount amount, ProrationBehavior behavior, Instant at, String commandId) {
        return new Update(SUBSCRIPTION_ID, TENANT, at, amount, null, null, Map.of(), null, behavior, commandId);
    }

    static SubscriptionDecision.Accepted accepted(SubscriptionState state, SubscriptionInstruction command) {
        var decision = Fixtures.decide(state, command);
        assertThat(decision).isInstanceOf(SubscriptionDecision.Accepted.class);
        return (SubscriptionDecision.Accepted) decision;
    }

    static Existing evolve(Existing state, SubscriptionDecision.Accepted decision) {
        return (Existing) SubscriptionEvolver.evolveAll(state, decision.events());
    }

    static long sum(List<InvoiceLine> lines) {
        return lines.stream().mapToLong(InvoiceLine::signedMicros).sum();
    }
}
