package io.abk.billing.streams.subscription.domain;

import static io.abk.billing.streams.subscription.domain.Fixtures.AMOUNT;
import static io.abk.billing.streams.subscription.domain.Fixtures.INVOICE_ID;
import static io.abk.billing.streams.subscription.domain.Fixtures.NOW;
import static io.abk.billing.streams.subscription.domain.Fixtures.SUBSCRIPTION_ID;
import static io.abk.billing.streams.subscription.domain.Fixtures.TENANT;
import static io.abk.billing.streams.subscription.domain.Fixtures.WALLETS;
import static org.assertj.core.api.Assertions.assertThat;

import io.abk.billing.schemas.money.UsdcAmount;
import io.abk.billing.streams.subscription.domain.SubscriptionDecision.Accepted;
import io.abk.billing.streams.subscription.domain.SubscriptionDecision.Rejected;
import io.abk.billing.streams.subscription.domain.SubscriptionEvent.InvoiceCreated;
import io.abk.billing.streams.subscription.domain.SubscriptionEvent.SubscriptionCreated;
import io.abk.billing.streams.subscription.domain.SubscriptionState.Absent;
import io.abk.billing.streams.subscription.domain.SubscriptionState.Incomplete;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

class SubscriptionDeciderTest {

    @Test
    void shouldCreateIncompleteSubscriptionWithOpenFirstInvoiceWhenAbsent() {
        var decision = Fixtures.decide(new Absent(), Fixtures.create(Interval.MONTH, 0));

        var events = ((Accepted) decision).events();
        assertThat(events).hasSize(2);
        assertThat(events.get(0)).isInstanceOf(SubscriptionCreated.class);
        assertThat(events.get(1)).isInstanceOf(InvoiceCreated.class);
        // Jan 31 + one month clamps to Feb 28 (2026 is not a leap year), keeping the time of day.
        var period = new Period(NOW, Instant.parse("2026-02-28T10:15:30Z"));
        var invoice = new Invoice(
                INVOICE_ID,
                InvoiceStatus.OPEN,
                AMOUNT,
                UsdcAmount.ZERO,
                BillingReason.SUBSCRIPTION_CREATE,
                period,
                NOW,
                0,
                null,
                null,
                null,
                null,
                null,
                null,
                null,
                NOW);
        var expected = new Incomplete(new SubscriptionDetails(
                SUBSCRIPTION_ID,
                TENANT,
                new Plan(AMOUNT, Interval.MONTH, "price_1", "plan_1"),
                WALLETS,
                "order-42",
                Map.of("customer", "c-7"),
                "https://shop.example/ok",
                "https://shop.example/cancel",
                new BillingCycle(period, NOW, null, false),
                new Mandate(MandateStatus.PENDING, null),
                List.of(invoice),
                INVOICE_ID,
                NOW,
                Settlements.NONE));
        assertThat(SubscriptionEvolver.evolveAll(new Absent(), events)).isEqualTo(expected);
        assertThat(((InvoiceCreated) events.get(1)).invoice()).isEqualTo(invoice);
    }

    static Stream<Arguments> trials() {
        return Stream.of(
                Arguments.of(Interval.MONTH, 14, "2026-02-14T10:15:30Z"),
                Arguments.of(Interval.YEAR, 30, "2026-03-02T10:15:30Z"),
                Arguments.of(Interval.MONTH, 1, "2026-02-01T10:15:30Z"));
    }

    @ParameterizedTest(name = "{0} with {1} trial days")
    @MethodSource("trials")
    void shouldEndFirstPeriodAtTrialEndWithZeroInvoiceWhenTrialDaysGiven(
            Interval interval, int trialDays, String trialEndText) {
        var trialEnd = Instant.parse(trialEndText);

        var state = (Incomplete) Fixtures.created(interval, trialDays);

        var cycle = state.details().cycle();
        assertThat(cycle.trialEnd()).isEqualTo(trialEnd);
        assertThat(cycle.anchor()).isEqualTo(trialEnd);
        assertThat(cycle.currentPeriod()).isEqualTo(new Period(NOW, trialEnd));
        var invoice = state.details().invoices().getFirst();
        assertThat(invoice.amount()).isEqualTo(UsdcAmount.ZERO);
        assertThat(invoice.period()).isEqualTo(new Period(NOW, trialEnd));
        assertThat(invoice.dueAt()).isEqualTo(NOW);
        assertThat(invoice.status()).isEqualTo(InvoiceStatus.OPEN);
        // Renewals bill the full amount: the plan keeps it.
        assertThat(state.details().plan().amount()).isEqualTo(AMOUNT);
        assertThat(BillingPeriods.periodEnd(cycle.anchor(), interval, 1)).isAfter(trialEnd);
    }

    @Test
    void shouldEndFirstYearlyPeriodOneYearLaterWhenNoTrial() {
        var state = (Incomplete) Fixtures.created(Interval.YEAR, 0);

        assertThat(state.details().cycle().currentPeriod())
                .isEqualTo(new Period(NOW, Instant.parse("2027-01-31T10:15:30Z")));
        assertThat(state.details().cycle().trialEnd()).isNull();
        assertThat(state.details().invoices().getFirst().amount()).isEqualTo(AMOUNT);
    }

    @Test
    void shouldRejectWithResourceAlreadyExistsWhenSubscriptionExists() {
        var existing = Fixtures.created(Interval.MONTH, 0);

        var decision = Fixtures.decide(existing, Fixtures.create(Interval.YEAR, 7));

        assertThat(decision)
                .isEqualTo(new Rejected(
                        SubscriptionRejection.SUBSCRIPTION_EXISTS,
                        "Subscription " + SUBSCRIPTION_ID + " already exists"));
        assertThat(((Rejected) decision).reason().code()).isEqualTo("resource_already_exists");
    }
}
