package io.abk.billing.streams.subscription.domain;

import static io.abk.billing.streams.subscription.domain.Fixtures.INVOICE_ID;
import static org.assertj.core.api.Assertions.assertThat;

import io.abk.billing.streams.subscription.domain.SubscriptionInstruction.Activate;
import io.abk.billing.streams.subscription.domain.SubscriptionState.Existing;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Period arithmetic as renewals live it (docs/architecture.md, "Subscription lifecycle"): each renewal, once paid,
 * moves the period to start at the old end and end one calendar interval after the anchor's previous end, clamped to
 * the month's end. The ends are counted from the anchor, never from the previous end, so a Jan 31 subscription comes
 * back to the 31st.
 */
class RenewalPeriodsTest {

    static Stream<Arguments> calendars() {
        return Stream.of(
                Arguments.of(
                        "monthly from Jan 31 in a common year",
                        "2027-01-31T08:00:00Z",
                        Interval.MONTH,
                        List.of(
                                "2027-02-28T08:00:00Z",
                                "2027-03-31T08:00:00Z",
                                "2027-04-30T08:00:00Z",
                                "2027-05-31T08:00:00Z")),
                Arguments.of(
                        "monthly from Jan 31 in a leap year",
                        "2028-01-31T23:59:59Z",
                        Interval.MONTH,
                        List.of("2028-02-29T23:59:59Z", "2028-03-31T23:59:59Z", "2028-04-30T23:59:59Z")),
                Arguments.of(
                        "monthly from Mar 30",
                        "2027-03-30T12:00:00Z",
                        Interval.MONTH,
                        List.of("2027-04-30T12:00:00Z", "2027-05-30T12:00:00Z", "2027-06-30T12:00:00Z")),
                Arguments.of(
                        "yearly from Feb 29",
                        "2028-02-29T10:00:00Z",
                        Interval.YEAR,
                        List.of(
                                "2029-02-28T10:00:00Z",
                                "2030-02-28T10:00:00Z",
                                "2031-02-28T10:00:00Z",
                                "2032-02-29T10:00:00Z")));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("calendars")
    void shouldEndEachRenewedPeriodOnTheAnchorDayClampedToTheMonthWhenRenewalsArePaid(
            String name, String createdAt, Interval interval, List<String> expectedEnds) {
        var created = Instant.parse(createdAt);
        var state = activeSince(created, interval, 0);

        var ends = new ArrayList<Instant>();
        ends.add(state.details().cycle().currentPeriod().end());
        for (int n = 1; n < expectedEnds.size(); n++) {
            var before = state.details().cycle().currentPeriod();
            state = renewAndPay(state);
            var after = state.details().cycle().currentPeriod();
            assertThat(after.start())
                    .as("a renewed period starts at the old end")
                    .isEqualTo(before.end());
            ends.add(after.end());
        }

        assertThat(ends)
                .containsExactlyElementsOf(
                        expectedEnds.stream().map(Instant::parse).toList());
        assertThat(state.details().cycle().anchor()).isEqualTo(created);
    }

    @Test
    void shouldKeepTheAnchorAndLandOnItsDayAgainWhenRenewedTwentyFourTimes() {
        var anchor = Instant.parse("2027-01-31T08:00:00Z");
        var state = activeSince(anchor, Interval.MONTH, 0);

        for (int n = 1; n <= 24; n++) {
            state = renewAndPay(state);
            var renewal = Scenarios.invoice(state, Scenarios.latestInvoice(state));
            assertThat(renewal.period()).isEqualTo(state.details().cycle().currentPeriod());
            assertThat(renewal.status()).isEqualTo(InvoiceStatus.PAID);
            assertThat(state.details().cycle().currentPeriod().end())
                    .isEqualTo(BillingPeriods.periodEnd(anchor, Interval.MONTH, n + 1));
        }

        assertThat(state.details().cycle().anchor()).isEqualTo(anchor);
        // 25 periods after Jan 31 2027: Feb 29 2029 does not exist, so Feb 28, at the anchor's time of day.
        assertThat(state.details().cycle().currentPeriod().end()).isEqualTo(Instant.parse("2029-02-28T08:00:00Z"));
        assertThat(state.details().invoices()).hasSize(25);
    }

    @Test
    void shouldRenewFromTheTrialsEndAtTheFullAmountWhenTheSubscriptionHadATrial() {
        var created = Instant.parse("2027-01-17T09:00:00Z");
        var state = activeSince(created, Interval.MONTH, 14);
        var trialEnd = created.plus(Duration.ofDays(14));
        assertThat(state.details().cycle().currentPeriod().end()).isEqualTo(trialEnd);

        state = renewAndPay(state);

        var renewal = Scenarios.invoice(state, Scenarios.latestInvoice(state));
        assertThat(renewal.amount()).isEqualTo(Fixtures.AMOUNT);
        assertThat(renewal.period()).isEqualTo(new Period(trialEnd, Instant.parse("2027-02-28T09:00:00Z")));
        assertThat(state.details().cycle().currentPeriod()).isEqualTo(renewal.period());
    }

    /** Created at {@code at}, activated at once and its first invoice paid (at once when a trial's 0 USDC one). */
    private static Existing activeSince(Instant at, Interval interval, int trialDays) {
        var created = (Existing) SubscriptionEvolver.evolveAll(
                new SubscriptionState.Absent(),
                ((SubscriptionDecision.Accepted) Fixtures.decide(
                                new SubscriptionState.Absent(), Fixtures.create(interval, trialDays, at)))
                        .events());
        var activating = Scenarios.apply(created, new Activate(created.id(), Fixtures.TENANT, at, "7"));
        var active = activating.details().settlements().inFlight().isEmpty()
                ? activating
                : Scenarios.apply(activating, Scenarios.settleCharge(activating, INVOICE_ID, true));
        assertThat(Statuses.name(active)).isEqualTo("active");
        return active;
    }

    /** The scheduler renews at the period's end; settlement pays the renewal. */
    private static Existing renewAndPay(Existing state) {
        var renewed = Scenarios.apply(state, Scenarios.renew(state));
        var renewal = Scenarios.latestInvoice(renewed);
        var paid = Scenarios.apply(renewed, Scenarios.settleCharge(renewed, renewal, true));
        assertThat(Statuses.name(paid)).isEqualTo("active");
        return paid;
    }
}
