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
import io.abk.billing.streams.subscription.domain.SubscriptionState.Existing;
import io.abk.billing.streams.subscription.domain.SubscriptionState.Incomplete;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The subscription decider as a table where it answers with a rejection: every well-formed instruction that a
 * subscription or invoice in the wrong state refuses, with the operation's code (the same cases the stack-level
 * LifecycleBadInputIT sends through the API, here without a stack), and the create it decides first.
 */
class SubscriptionDeciderTest {

    /** A state by the name the table gives it. */
    private record Given(String name, Existing state) {}

    record Row(String name, Existing given, SubscriptionInstruction when, SubscriptionRejection then) {
        @Override
        public String toString() {
            return name;
        }
    }

    static List<Row> refusals() {
        var incomplete = new Given("incomplete", Scenarios.incompletePending());
        var completed = new Given("incomplete with an active mandate", Scenarios.incompleteActiveMandate());
        var active = new Given("active", Scenarios.active());
        var paused = new Given("paused", Scenarios.paused());
        var canceledPaid = new Given("canceled", Scenarios.canceled());
        var canceledVoided = new Given(
                "canceled while incomplete", Scenarios.apply(Scenarios.incompletePending(), Scenarios.cancel(true)));
        var refunding = Scenarios.apply(Scenarios.active(), Scenarios.refund(INVOICE_ID, null));
        var refunded = new Given(
                "its invoice refunded",
                Scenarios.apply(refunding, Scenarios.settleRefund(refunding, INVOICE_ID, true)));
        var rows = new ArrayList<Row>();
        for (var given : List.of(completed, active, paused, canceledPaid, canceledVoided)) {
            rows.add(row("activate", given, Scenarios.activate(), SubscriptionRejection.ACTIVATE_FAILED));
            rows.add(row("complete", given, Scenarios.complete(), SubscriptionRejection.ACTIVATE_FAILED));
        }
        for (var given : List.of(canceledPaid, canceledVoided)) {
            rows.add(row("cancel now", given, Scenarios.cancel(true), SubscriptionRejection.CANCEL_FAILED));
            rows.add(row("cancel at period end", given, Scenarios.cancel(false), SubscriptionRejection.CANCEL_FAILED));
            rows.add(row("resume", given, Scenarios.resume(), SubscriptionRejection.RESUME_FAILED));
            rows.add(row(
                    "update the amount",
                    given,
                    Scenarios.update(UsdcAmount.ofMicros(5_000_000), null, Map.of()),
                    SubscriptionRejection.UPDATE_FAILED));
            rows.add(row(
                    "update the metadata",
                    given,
                    Scenarios.update(null, null, Map.of("plan", "gold")),
                    SubscriptionRejection.UPDATE_FAILED));
            rows.add(row(
                    "update nothing",
                    given,
                    Scenarios.update(null, null, Map.of()),
                    SubscriptionRejection.UPDATE_FAILED));
        }
        // resume undoes a pause or a cancel at period end; with neither there is nothing to resume
        for (var given : List.of(incomplete, completed, active)) {
            rows.add(row("resume", given, Scenarios.resume(), SubscriptionRejection.RESUME_FAILED));
        }
        // only an active subscription can be paused
        for (var given : List.of(incomplete, completed, paused, canceledPaid, canceledVoided)) {
            rows.add(row("pause", given, Scenarios.pause(), SubscriptionRejection.PAUSE_FAILED));
        }
        // charge: only an open or uncollectible invoice; void: only an open one
        for (var given : List.of(active, canceledPaid, canceledVoided, refunded)) {
            rows.add(row(
                    "charge its invoice",
                    given,
                    Scenarios.charge(INVOICE_ID, Scenarios.LATER),
                    SubscriptionRejection.INVOICE_NOT_CHARGEABLE));
            rows.add(row(
                    "void its invoice",
                    given,
                    Scenarios.voidInvoice(INVOICE_ID),
                    SubscriptionRejection.INVOICE_NOT_VOIDABLE));
        }
        // refund: only a paid invoice, and never more than is left
        for (var given : List.of(incomplete, canceledVoided, refunded)) {
            rows.add(row(
                    "refund its invoice",
                    given,
                    Scenarios.refund(INVOICE_ID, null),
                    SubscriptionRejection.INVOICE_NOT_REFUNDABLE));
        }
        rows.add(row(
                "refund 1 USDC of its open invoice",
                completed,
                Scenarios.refund(INVOICE_ID, UsdcAmount.ofMicros(1_000_000)),
                SubscriptionRejection.INVOICE_NOT_REFUNDABLE));
        rows.add(row(
                "refund one micro-USDC of its refunded invoice",
                refunded,
                Scenarios.refund(INVOICE_ID, UsdcAmount.ofMicros(1)),
                SubscriptionRejection.INVOICE_NOT_REFUNDABLE));
        for (var micros : List.of(AMOUNT.micros() + 1, 10_500_000L, 11_000_000L, 1_000_000_000_000_000L)) {
            rows.add(row(
                    "refund " + micros + " micro-USDC of its " + AMOUNT.micros() + " invoice",
                    active,
                    Scenarios.refund(INVOICE_ID, UsdcAmount.ofMicros(micros)),
                    SubscriptionRejection.AMOUNT_TOO_LARGE));
        }
        return rows;
    }

    private static Row row(String action, Given given, SubscriptionInstruction when, SubscriptionRejection then) {
        return new Row(action + " of a subscription " + given.name(), given.state(), when, then);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("refusals")
    void shouldRejectWithTheOperationsCodeWhenTheStateDoesNotAllowTheInstruction(Row row) {
        var decision = Fixtures.decide(row.given(), row.when());

        assertThat(decision).isInstanceOf(Rejected.class);
        var rejected = (Rejected) decision;
        assertThat(rejected.reason()).as(rejected.message()).isEqualTo(row.then());
        assertThat(rejected.message()).isNotBlank();
    }

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
                List.of(new InvoiceLine(
                        InvoiceLineKind.SUBSCRIPTION, "9.99 USDC per month", period, 1, AMOUNT, AMOUNT, false)),
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
                null,
                NOW,
                null);
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
                Settlements.NONE,
                null,
                CustomerActions.NONE,
                null,
                null,
                List.of(),
                null));
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
        assertThat(invoice.lines())
                .containsExactly(new InvoiceLine(
                        InvoiceLineKind.SUBSCRIPTION,
                        "Trial, then 9.99 USDC per " + interval.apiName(),
                        new Period(NOW, trialEnd),
                        1,
                        UsdcAmount.ZERO,
                        UsdcAmount.ZERO,
                        false));
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
