package io.abk.billing.streams.subscription.domain;

import static io.abk.billing.streams.subscription.domain.DeciderTable.accepts;
import static io.abk.billing.streams.subscription.domain.DeciderTable.rejects;
import static io.abk.billing.streams.subscription.domain.DeciderTable.row;
import static io.abk.billing.streams.subscription.domain.Fixtures.INVOICE_ID;
import static io.abk.billing.streams.subscription.domain.Scenarios.LATER;
import static org.assertj.core.api.Assertions.assertThat;

import io.abk.billing.schemas.money.UsdcAmount;
import io.abk.billing.streams.subscription.domain.DeciderTable.Expect;
import io.abk.billing.streams.subscription.domain.DeciderTable.Row;
import io.abk.billing.streams.subscription.domain.SubscriptionEvent.ChargeRequested;
import io.abk.billing.streams.subscription.domain.SubscriptionEvent.InvoiceCreated;
import io.abk.billing.streams.subscription.domain.SubscriptionEvent.InvoiceLinesPending;
import io.abk.billing.streams.subscription.domain.SubscriptionEvent.InvoiceVoided;
import io.abk.billing.streams.subscription.domain.SubscriptionEvent.SubscriptionActivated;
import io.abk.billing.streams.subscription.domain.SubscriptionEvent.SubscriptionCanceled;
import io.abk.billing.streams.subscription.domain.SubscriptionEvent.SubscriptionPaused;
import io.abk.billing.streams.subscription.domain.SubscriptionEvent.SubscriptionResumed;
import io.abk.billing.streams.subscription.domain.SubscriptionEvent.SubscriptionUpdated;
import io.abk.billing.streams.subscription.domain.SubscriptionState.Existing;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import java.util.function.Function;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The subscription's table (docs/architecture.md, "Subscription lifecycle"): every subscription command (activate,
 * complete, cancel now, cancel at period end, resume, pause, update, on-chain mandate revocation) in every state,
 * allowed or rejected. Invoice commands and settlement results are in {@link InvoiceTableTest}.
 */
class LifecycleTableTest {

    private static final Existing INCOMPLETE = Scenarios.incompletePending();
    private static final Existing MANDATED = Scenarios.incompleteActiveMandate();
    private static final Existing ACTIVE = Scenarios.active();
    private static final Existing CANCELING = Scenarios.activeCancelingAtPeriodEnd();
    private static final Existing PAST_DUE = Scenarios.pastDue();
    private static final Existing PAUSED = Scenarios.paused();
    private static final Existing CANCELED = Scenarios.canceled();

    /** Each state with its name in the table, in the order of the lifecycle table. */
    private static final Map<String, Existing> STATES = ordered(
            "incomplete/pending mandate",
            INCOMPLETE,
            "incomplete/active mandate",
            MANDATED,
            "active",
            ACTIVE,
            "active+cancelAtPeriodEnd",
            CANCELING,
            "past_due",
            PAST_DUE,
            "paused",
            PAUSED,
            "canceled",
            CANCELED);

    static Stream<Row> table() {
        var rows = new ArrayList<Row>();
        rows.addAll(each(
                "activate",
                s -> Scenarios.activate(),
                Map.of(
                        "incomplete/pending mandate",
                        accepts("incomplete", SubscriptionActivated.class, ChargeRequested.class)
                                .and(after -> {
                                    assertThat(after.details().mandate())
                                            .as("set up for the plan's amount")
                                            .isEqualTo(new Mandate(MandateStatus.ACTIVE, "42", Fixtures.AMOUNT));
                                    assertThat(Scenarios.invoice(after, INVOICE_ID)
                                                    .attemptCount())
                                            .isEqualTo(1);
                                    assertThat(after.details().settlements().inFlight())
                                            .extracting(Settlement::requestId)
                                            .containsExactly(INVOICE_ID + ":1");
                                })),
                rejects(SubscriptionRejection.ACTIVATE_FAILED)));
        rows.addAll(each(
                "complete",
                s -> Scenarios.complete(),
                Map.of(
                        "incomplete/pending mandate",
                        accepts("incomplete", SubscriptionActivated.class).and(after -> {
                            assertThat(after.details().mandate().isActive()).isTrue();
                            assertThat(after.details().settlements().inFlight()).isEmpty();
                            assertThat(Scenarios.invoice(after, INVOICE_ID).attemptCount())
                                    .isZero();
                        })),
                rejects(SubscriptionRejection.ACTIVATE_FAILED)));
        var canceledNow = accepts("canceled", SubscriptionCanceled.class).and(LifecycleTableTest::canceledAtLater);
        rows.addAll(each(
                "cancel immediately",
                s -> Scenarios.cancel(true),
                Map.of(
                        "incomplete/pending mandate", voidsFirstThenCancels(),
                        "incomplete/active mandate", voidsFirstThenCancels(),
                        "active", canceledNow.and(firstInvoice(InvoiceStatus.PAID)),
                        "active+cancelAtPeriodEnd", canceledNow.and(firstInvoice(InvoiceStatus.PAID)),
                        "past_due", canceledNow.and(firstInvoice(InvoiceStatus.UNCOLLECTIBLE)),
                        "paused", canceledNow),
                rejects(SubscriptionRejection.CANCEL_FAILED)));
        rows.addAll(each(
                "cancel at period end",
                s -> Scenarios.cancel(false),
                Map.of(
                        "incomplete/pending mandate", cancelsAtPeriodEnd("incomplete"),
                        "incomplete/active mandate", cancelsAtPeriodEnd("incomplete"),
                        "active", cancelsAtPeriodEnd("active"),
                        "active+cancelAtPeriodEnd", accepts("active").and(cancelAtPeriodEnd(true)),
                        "past_due", cancelsAtPeriodEnd("past_due"),
                        "paused", cancelsAtPeriodEnd("paused")),
                rejects(SubscriptionRejection.CANCEL_FAILED)));
        rows.addAll(each(
                "resume",
                s -> Scenarios.resume(),
                Map.of(
                        "active+cancelAtPeriodEnd",
                                accepts("active", SubscriptionUpdated.class).and(cancelAtPeriodEnd(false)),
                        "paused",
                                accepts(
                                                "active",
                                                SubscriptionResumed.class,
                                                InvoiceCreated.class,
                                                ChargeRequested.class)
                                        .and(LifecycleTableTest::startsNewPeriodAndChargesIt)),
                rejects(SubscriptionRejection.RESUME_FAILED)));
        rows.add(row(
                "paused+cancelAtPeriodEnd: resume -> active, new period, cancelAtPeriodEnd cleared",
                Scenarios.apply(PAUSED, Scenarios.cancel(false)),
                s -> Scenarios.resume(),
                accepts("active", SubscriptionResumed.class, InvoiceCreated.class, ChargeRequested.class)
                        .and(cancelAtPeriodEnd(false))));
        rows.addAll(each(
                "pause",
                s -> Scenarios.pause(),
                Map.of(
                        "active", accepts("paused", SubscriptionPaused.class).and(cancelAtPeriodEnd(false)),
                        "active+cancelAtPeriodEnd",
                                accepts("paused", SubscriptionPaused.class).and(cancelAtPeriodEnd(true))),
                rejects(SubscriptionRejection.PAUSE_FAILED)));
        var lower = UsdcAmount.ofMicros(5_000_000);
        Function<String, Expect> lowered = status -> accepts(status, SubscriptionUpdated.class)
                .and(after -> assertThat(after.details().plan().amount()).isEqualTo(lower));
        // A period billed at the old amount (active, past due) is prorated: two lines wait for the next invoice.
        Function<String, Expect> prorated = status -> accepts(
                        status, SubscriptionUpdated.class, InvoiceLinesPending.class)
                .and(after -> assertThat(after.details().plan().amount()).isEqualTo(lower))
                .and(after -> assertThat(after.details().pendingLines())
                        .extracting(InvoiceLine::kind)
                        .containsExactly(InvoiceLineKind.PRORATION, InvoiceLineKind.PRORATION));
        rows.addAll(each(
                "update amount within the mandate",
                s -> Scenarios.update(lower, null, Map.of()),
                Map.of(
                        "incomplete/pending mandate", lowered.apply("incomplete"),
                        "incomplete/active mandate", lowered.apply("incomplete"),
                        "active", prorated.apply("active"),
                        "active+cancelAtPeriodEnd", prorated.apply("active"),
                        "past_due", prorated.apply("past_due"),
                        "paused", lowered.apply("paused")),
                rejects(SubscriptionRejection.UPDATE_FAILED)));
        // Above what the customer authorized per period: only before they set up the mandate (the checkout then asks
        // them to sign the new amount).
        var higher = UsdcAmount.ofMicros(12_000_000);
        var aboveMandate = rejects(SubscriptionRejection.AMOUNT_ABOVE_MANDATE);
        rows.addAll(each(
                "update amount above the mandate",
                s -> Scenarios.update(higher, null, Map.of()),
                Map.of(
                        "incomplete/pending mandate",
                        accepts("incomplete", SubscriptionUpdated.class)
                                .and(after -> assertThat(after.details().plan().amount())
                                        .isEqualTo(higher)),
                        "incomplete/active mandate",
                        aboveMandate,
                        "active",
                        aboveMandate,
                        "active+cancelAtPeriodEnd",
                        aboveMandate,
                        "past_due",
                        aboveMandate,
                        "paused",
                        aboveMandate),
                rejects(SubscriptionRejection.UPDATE_FAILED)));
        Function<String, Expect> revoked =
                status -> accepts(status, SubscriptionUpdated.class).and(after -> {
                    assertThat(after.details().mandate().status()).isEqualTo(MandateStatus.REVOKED);
                    assertThat(after.details().cycle().cancelAtPeriodEnd()).isTrue();
                });
        rows.addAll(each(
                "revoke mandate on chain",
                s -> Scenarios.revoke(),
                Map.of(
                        "incomplete/pending mandate", revoked.apply("incomplete"),
                        "incomplete/active mandate", revoked.apply("incomplete"),
                        "active", revoked.apply("active"),
                        "active+cancelAtPeriodEnd", revoked.apply("active"),
                        "past_due", revoked.apply("past_due"),
                        "paused", revoked.apply("paused")),
                rejects(SubscriptionRejection.UPDATE_FAILED)));
        return rows.stream();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("table")
    void shouldFollowTheSubscriptionStateMachineWhenACommandArrives(Row row) {
        row.verify();
    }

    /** One row per state: {@code allowed} where the table allows the trigger, else {@code otherwise}. */
    static List<Row> each(
            String trigger,
            Function<Existing, SubscriptionInstruction> when,
            Map<String, Expect> allowed,
            Expect otherwise) {
        return STATES.entrySet().stream()
                .map(state -> {
                    var expect = allowed.getOrDefault(state.getKey(), otherwise);
                    var outcome = expect.refusal() != null
                            ? "rejected " + expect.refusal().code()
                            : expect.status() + " "
                                    + expect.events().stream()
                                            .map(Class::getSimpleName)
                                            .toList();
                    return row(state.getKey() + ": " + trigger + " -> " + outcome, state.getValue(), when, expect);
                })
                .toList();
    }

    private static Expect voidsFirstThenCancels() {
        return accepts("canceled", InvoiceVoided.class, SubscriptionCanceled.class)
                .and(LifecycleTableTest::canceledAtLater)
                .and(firstInvoice(InvoiceStatus.VOID));
    }

    private static Expect cancelsAtPeriodEnd(String status) {
        return accepts(status, SubscriptionUpdated.class).and(cancelAtPeriodEnd(true));
    }

    private static void canceledAtLater(Existing after) {
        assertThat(((SubscriptionState.Canceled) after).canceledAt()).isEqualTo(LATER);
        assertThat(after.details().mandate().status()).isEqualTo(MandateStatus.REVOKED);
    }

    private static void startsNewPeriodAndChargesIt(Existing after) {
        var cycle = after.details().cycle();
        assertThat(cycle.currentPeriod().start()).isEqualTo(LATER);
        assertThat(cycle.anchor()).isEqualTo(LATER);
        var invoice = Scenarios.invoice(after, Scenarios.latestInvoice(after));
        assertThat(invoice.billingReason()).isEqualTo(BillingReason.SUBSCRIPTION_RESUME);
        assertThat(invoice.period()).isEqualTo(cycle.currentPeriod());
        assertThat(invoice.amount()).isEqualTo(Fixtures.AMOUNT);
        assertThat(invoice.lines())
                .containsExactly(new InvoiceLine(
                        InvoiceLineKind.SUBSCRIPTION,
                        "9.99 USDC per month",
                        cycle.currentPeriod(),
                        1,
                        Fixtures.AMOUNT,
                        Fixtures.AMOUNT,
                        false));
        assertThat(after.details().settlements().chargeInFlight(invoice.id())).isTrue();
    }

    private static Consumer<Existing> cancelAtPeriodEnd(boolean expected) {
        return after -> assertThat(after.details().cycle().cancelAtPeriodEnd()).isEqualTo(expected);
    }

    private static Consumer<Existing> firstInvoice(InvoiceStatus status) {
        return after ->
                assertThat(Scenarios.invoice(after, INVOICE_ID).status()).isEqualTo(status);
    }

    private static Map<String, Existing> ordered(Object... namesAndStates) {
        var out = new LinkedHashMap<String, Existing>();
        for (int i = 0; i < namesAndStates.length; i += 2) {
            out.put((String) namesAndStates[i], (Existing) namesAndStates[i + 1]);
        }
        return out;
    }
}
