package io.abk.billing.streams.subscription.domain;

import static io.abk.billing.streams.subscription.domain.Fixtures.INVOICE_ID;
import static io.abk.billing.streams.subscription.domain.Scenarios.LATER;
import static org.assertj.core.api.Assertions.assertThat;

import io.abk.billing.streams.subscription.domain.SettlementResult.Failed;
import io.abk.billing.streams.subscription.domain.SubscriptionEvent.ChargeRequested;
import io.abk.billing.streams.subscription.domain.SubscriptionEvent.SubscriptionPastDue;
import io.abk.billing.streams.subscription.domain.SubscriptionInstruction.SettleCharge;
import io.abk.billing.streams.subscription.domain.SubscriptionState.Existing;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Charge retries (docs/architecture.md, "Charge retries (dunning)"): attempt ids, the retry schedule, uncollectible,
 * past_due, recovery.
 */
class DunningTest {

    @Test
    void shouldScheduleRetriesThenMakeInvoiceUncollectibleAndSubscriptionPastDueOnceWhenFourChargesFail() {
        var state = Scenarios.incompleteActiveMandate();
        var attemptIds = new ArrayList<String>();
        var nextAttempts = new ArrayList<Instant>();
        var events = new ArrayList<SubscriptionEvent>();
        var at = LATER;

        for (int attempt = 1; attempt <= 4; attempt++) {
            var charged = decideAndApply(state, Scenarios.charge(INVOICE_ID, at), events);
            attemptIds.add(Scenarios.inFlight(charged, SettlementKind.CHARGE, INVOICE_ID)
                    .requestId());
            state = decideAndApply(charged, Scenarios.settleCharge(charged, INVOICE_ID, false), events);
            var invoice = Scenarios.invoice(state, INVOICE_ID);
            nextAttempts.add(invoice.nextAttemptAt());
            // The scheduler fires the retry when it is due; after the last there is none.
            at = invoice.nextAttemptAt() != null ? invoice.nextAttemptAt() : at;
        }

        assertThat(attemptIds)
                .containsExactly(INVOICE_ID + ":1", INVOICE_ID + ":2", INVOICE_ID + ":3", INVOICE_ID + ":4");
        var first = LATER.plus(Duration.ofDays(1));
        var second = first.plus(Duration.ofDays(2));
        assertThat(nextAttempts).containsExactly(first, second, second.plus(Duration.ofDays(4)), null);
        var invoice = Scenarios.invoice(state, INVOICE_ID);
        assertThat(invoice.status()).isEqualTo(InvoiceStatus.UNCOLLECTIBLE);
        assertThat(invoice.attemptCount()).isEqualTo(4);
        assertThat(invoice.lastFailure()).isEqualTo(Scenarios.DECLINED);
        assertThat(Statuses.name(state)).isEqualTo("past_due");
        assertThat(events).filteredOn(SubscriptionPastDue.class::isInstance).hasSize(1);

        // A fifth, manual attempt fails too: still uncollectible, and past_due is not announced again.
        var fifth = new ArrayList<SubscriptionEvent>();
        var charged = decideAndApply(state, Scenarios.charge(INVOICE_ID, at.plus(Duration.ofDays(9))), fifth);
        decideAndApply(charged, Scenarios.settleCharge(charged, INVOICE_ID, false), fifth);
        assertThat(fifth).noneMatch(SubscriptionPastDue.class::isInstance);
    }

    @Test
    void shouldCountMandateInactiveFailuresAndScheduleNothingWhenMandateIsPending() {
        var state = Scenarios.incompletePending();
        var events = new ArrayList<SubscriptionEvent>();

        for (int attempt = 1; attempt <= 4; attempt++) {
            state = decideAndApply(state, Scenarios.charge(INVOICE_ID, LATER.plusSeconds(attempt)), events);
            var invoice = Scenarios.invoice(state, INVOICE_ID);
            assertThat(invoice.attemptCount()).isEqualTo(attempt);
            assertThat(invoice.nextAttemptAt()).isNull();
            assertThat(invoice.lastFailure())
                    .isEqualTo(
                            new ChargeFailure("MANDATE_INACTIVE", "The customer has not set up the payment mandate"));
        }

        assertThat(events).noneMatch(ChargeRequested.class::isInstance);
        assertThat(state.details().settlements().inFlight()).isEmpty();
        // The fourth counts like any failed attempt: uncollectible, and past due even though still incomplete.
        assertThat(Scenarios.invoice(state, INVOICE_ID).status()).isEqualTo(InvoiceStatus.UNCOLLECTIBLE);
        assertThat(Statuses.name(state)).isEqualTo("past_due");
        assertThat(events).filteredOn(SubscriptionPastDue.class::isInstance).hasSize(1);
    }

    @Test
    void shouldScheduleNoRetryWhenTheVaultSaysTheMandateWasRevoked() {
        var state = Scenarios.incompleteActiveMandate();
        var charged = decideAndApply(state, Scenarios.charge(INVOICE_ID, LATER), new ArrayList<>());
        var settle = Scenarios.settleCharge(charged, INVOICE_ID, false);
        var revoked = new ChargeFailure("MANDATE_REVOKED", "The customer's mandate was canceled in the vault");

        var after = decideAndApply(
                charged,
                new SettleCharge(
                        settle.subscriptionId(),
                        settle.tenant(),
                        settle.requestedAt(),
                        settle.invoiceId(),
                        settle.attemptId(),
                        new Failed(revoked),
                        null),
                new ArrayList<>());

        var invoice = Scenarios.invoice(after, INVOICE_ID);
        assertThat(invoice.lastFailure()).isEqualTo(revoked);
        assertThat(invoice.nextAttemptAt())
                .as("no retry can pass a canceled mandate")
                .isNull();
    }

    @Test
    void shouldPayInvoiceAndMakeSubscriptionActiveWhenUncollectibleInvoiceIsChargedManually() {
        var pastDue = Scenarios.pastDue();

        var charged = Scenarios.apply(pastDue, Scenarios.charge(INVOICE_ID, LATER.plus(Duration.ofDays(20))));
        var recovered = Scenarios.apply(charged, Scenarios.settleCharge(charged, INVOICE_ID, true));

        var invoice = Scenarios.invoice(recovered, INVOICE_ID);
        assertThat(invoice.status()).isEqualTo(InvoiceStatus.PAID);
        assertThat(invoice.attemptCount()).isEqualTo(5);
        assertThat(invoice.paidAt()).isEqualTo(LATER.plus(Duration.ofDays(20)));
        assertThat(invoice.lastFailure()).isNull();
        assertThat(Statuses.name(recovered)).isEqualTo("active");
        // The first invoice pays the first period: recovering it does not move the period.
        assertThat(recovered.details().cycle()).isEqualTo(pastDue.details().cycle());
    }

    @Test
    void shouldMoveThePeriodWhenARenewalIsPaidButNotWhenTheFirstInvoiceIs() {
        var created = Scenarios.incompletePending();
        var active = Scenarios.active();
        assertThat(active.details().cycle().currentPeriod())
                .isEqualTo(created.details().cycle().currentPeriod());

        var charging = Scenarios.activeCharging();
        var renewed = Scenarios.apply(charging, Scenarios.settleCharge(charging, Scenarios.RENEWAL_ID, true));

        var oldPeriod = active.details().cycle().currentPeriod();
        // Created Jan 31: the first period ends Feb 28, the next one returns to the anchor day, Mar 31.
        assertThat(renewed.details().cycle().currentPeriod())
                .isEqualTo(new Period(oldPeriod.end(), Instant.parse("2026-03-31T10:15:30Z")));
        assertThat(oldPeriod.end()).isEqualTo(Instant.parse("2026-02-28T10:15:30Z"));
    }

    @Test
    void shouldRetryARenewalOnScheduleThenGoPastDueOnceAndMoveThePeriodWhenItIsPaidManually() {
        var active = Scenarios.active();
        var events = new ArrayList<SubscriptionEvent>();
        var state = decideAndApply(active, Scenarios.renew(active), events);
        var renewalId = Scenarios.RENEWAL_ID;
        var dueAt = Scenarios.FIRST_PERIOD_END;
        var retries = new ArrayList<Instant>();
        for (int attempt = 1; attempt <= 4; attempt++) {
            if (attempt > 1) {
                state = decideAndApply(state, Scenarios.chargeDue(renewalId, attempt, dueAt), events);
            }
            state = decideAndApply(state, Scenarios.settleCharge(state, renewalId, false), events);
            var next = Scenarios.invoice(state, renewalId).nextAttemptAt();
            retries.add(next);
            dueAt = next != null ? next : dueAt;
            // The renewal fired again (a newer snapshot of the same period) bills nothing twice.
            assertThat(Fixtures.decide(state, Scenarios.renew(state)))
                    .isEqualTo(new SubscriptionDecision.Accepted(List.of()));
        }

        var day1 = Scenarios.FIRST_PERIOD_END.plus(Duration.ofDays(1));
        var day3 = day1.plus(Duration.ofDays(2));
        assertThat(retries).containsExactly(day1, day3, day3.plus(Duration.ofDays(4)), null);
        assertThat(Scenarios.invoice(state, renewalId).status()).isEqualTo(InvoiceStatus.UNCOLLECTIBLE);
        assertThat(Statuses.name(state)).isEqualTo("past_due");
        assertThat(events).filteredOn(SubscriptionPastDue.class::isInstance).hasSize(1);
        assertThat(state.details().cycle()).isEqualTo(active.details().cycle());

        var paidAt = day3.plus(Duration.ofDays(10));
        var charged = Scenarios.apply(state, Scenarios.charge(renewalId, paidAt));
        var recovered = Scenarios.apply(charged, Scenarios.settleCharge(charged, renewalId, true));

        assertThat(Statuses.name(recovered)).isEqualTo("active");
        var cycle = recovered.details().cycle();
        assertThat(cycle.currentPeriod())
                .isEqualTo(new Period(Scenarios.FIRST_PERIOD_END, Instant.parse("2026-03-31T10:15:30Z")));
        assertThat(cycle.anchor()).isEqualTo(active.details().cycle().anchor());
        assertThat(Scenarios.invoice(recovered, renewalId).paidAt()).isEqualTo(paidAt);
    }

    @Test
    void shouldFollowTheConfiguredScheduleWhenThePolicyIsNotTheDefault() {
        var policy = new DunningPolicy(List.of(Duration.ofHours(6)));
        var state = Scenarios.incompleteActiveMandate();

        var charged = apply(state, Scenarios.charge(INVOICE_ID, LATER), policy);
        var once = apply(charged, Scenarios.settleCharge(charged, INVOICE_ID, false), policy);
        var chargedAgain = apply(once, Scenarios.charge(INVOICE_ID, LATER.plus(Duration.ofHours(6))), policy);
        var twice = apply(chargedAgain, Scenarios.settleCharge(chargedAgain, INVOICE_ID, false), policy);

        assertThat(Scenarios.invoice(once, INVOICE_ID).nextAttemptAt()).isEqualTo(LATER.plus(Duration.ofHours(6)));
        assertThat(Scenarios.invoice(twice, INVOICE_ID).status()).isEqualTo(InvoiceStatus.UNCOLLECTIBLE);
        assertThat(policy.maxAttempts()).isEqualTo(2);
    }

    private static Existing decideAndApply(
            Existing state, SubscriptionInstruction command, List<SubscriptionEvent> into) {
        var accepted = (SubscriptionDecision.Accepted) Fixtures.decide(state, command);
        into.addAll(accepted.events());
        return (Existing) SubscriptionEvolver.evolveAll(state, accepted.events());
    }

    private static Existing apply(Existing state, SubscriptionInstruction command, DunningPolicy policy) {
        var accepted = (SubscriptionDecision.Accepted) SubscriptionDecider.decide(state, command, policy);
        return (Existing) SubscriptionEvolver.evolveAll(state, accepted.events());
    }
}
