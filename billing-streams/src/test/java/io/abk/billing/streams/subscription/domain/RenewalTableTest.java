package io.abk.billing.streams.subscription.domain;

import static io.abk.billing.streams.subscription.domain.DeciderTable.accepts;
import static io.abk.billing.streams.subscription.domain.DeciderTable.ignores;
import static io.abk.billing.streams.subscription.domain.Fixtures.AMOUNT;
import static io.abk.billing.streams.subscription.domain.Fixtures.INVOICE_ID;
import static io.abk.billing.streams.subscription.domain.Scenarios.FIRST_PERIOD_END;
import static io.abk.billing.streams.subscription.domain.Scenarios.RENEWAL_ID;
import static org.assertj.core.api.Assertions.assertThat;

import io.abk.billing.streams.subscription.domain.DeciderTable.Expect;
import io.abk.billing.streams.subscription.domain.DeciderTable.Row;
import io.abk.billing.streams.subscription.domain.SubscriptionEvent.ChargeRequested;
import io.abk.billing.streams.subscription.domain.SubscriptionEvent.InvoiceCreated;
import io.abk.billing.streams.subscription.domain.SubscriptionEvent.InvoicePaymentFailed;
import io.abk.billing.streams.subscription.domain.SubscriptionEvent.InvoiceVoided;
import io.abk.billing.streams.subscription.domain.SubscriptionEvent.SubscriptionCanceled;
import io.abk.billing.streams.subscription.domain.SubscriptionState.Existing;
import java.time.Instant;
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
 * What the renewal scheduler fires (docs/architecture.md, "Renewals and other due work"), in every state it can meet:
 * the renewal at the period's end (on time and stale), a due charge attempt (the next one and a stale one) and the
 * incomplete expiry. None is ever refused: what no longer applies is accepted and changes nothing, because the
 * scheduler fires from snapshots that may be stale and re-fires after a crash.
 */
class RenewalTableTest {

    private static final Existing PAUSED_RETRY_DUE = Scenarios.apply(Scenarios.activeRetryDue(), Scenarios.pause());

    /** The states, named; "+cape" marks a subscription set to cancel at period end. */
    private static final Map<String, Existing> STATES = ordered(
            "incomplete/pending mandate", Scenarios.incompletePending(),
            "incomplete/active mandate", Scenarios.incompleteActiveMandate(),
            "incomplete+cape", Scenarios.apply(Scenarios.incompletePending(), Scenarios.cancel(false)),
            "active", Scenarios.active(),
            "active+cape", Scenarios.activeCancelingAtPeriodEnd(),
            "active, renewal charging", Scenarios.activeCharging(),
            "active, renewal charging+cape", Scenarios.apply(Scenarios.activeCharging(), Scenarios.cancel(false)),
            "active, renewal retry due", Scenarios.activeRetryDue(),
            "active, renewal retry due+cape", Scenarios.apply(Scenarios.activeRetryDue(), Scenarios.cancel(false)),
            "past_due", Scenarios.pastDue(),
            "past_due+cape", Scenarios.apply(Scenarios.pastDue(), Scenarios.cancel(false)),
            "paused", Scenarios.paused(),
            "paused, renewal retry due", PAUSED_RETRY_DUE,
            "paused+cape", Scenarios.apply(Scenarios.paused(), Scenarios.cancel(false)),
            "canceled", Scenarios.canceled());

    static Stream<Row> table() {
        var rows = new ArrayList<Row>();
        rows.addAll(each(
                "renew at period end",
                Scenarios::renew,
                Map.of(
                        "active",
                                accepts("active", InvoiceCreated.class, ChargeRequested.class)
                                        .and(RenewalTableTest::invoicesAndChargesTheNextPeriod),
                        "incomplete+cape",
                                canceledAtPeriodEnd(InvoiceVoided.class, SubscriptionCanceled.class)
                                        .and(invoice(INVOICE_ID, InvoiceStatus.VOID)),
                        "active+cape", canceledAtPeriodEnd(SubscriptionCanceled.class),
                        // The renewal's charge is in flight: it stays open until settlement answers (paid, or voided).
                        "active, renewal charging+cape",
                                canceledAtPeriodEnd(SubscriptionCanceled.class)
                                        .and(invoice(RENEWAL_ID, InvoiceStatus.OPEN)),
                        "active, renewal retry due+cape",
                                canceledAtPeriodEnd(InvoiceVoided.class, SubscriptionCanceled.class)
                                        .and(invoice(RENEWAL_ID, InvoiceStatus.VOID)),
                        "past_due+cape",
                                canceledAtPeriodEnd(SubscriptionCanceled.class)
                                        .and(invoice(INVOICE_ID, InvoiceStatus.UNCOLLECTIBLE)),
                        "paused+cape", canceledAtPeriodEnd(SubscriptionCanceled.class))));
        rows.addAll(each("renew a period that is not the current one", RenewalTableTest::staleRenewal, Map.of()));
        var mandateInactive = accepts("incomplete", InvoicePaymentFailed.class).and(after -> {
            var invoice = Scenarios.invoice(after, INVOICE_ID);
            assertThat(invoice.lastFailure().code()).isEqualTo("MANDATE_INACTIVE");
            assertThat(invoice.attemptCount()).isEqualTo(1);
            assertThat(invoice.nextAttemptAt()).isNull();
        });
        rows.addAll(each(
                "charge the latest invoice's next attempt",
                s -> nextAttempt(s, 1),
                Map.of(
                        "incomplete/pending mandate", mandateInactive,
                        "incomplete+cape", mandateInactive,
                        "incomplete/active mandate",
                                accepts("incomplete", ChargeRequested.class).and(charging(INVOICE_ID, 1)),
                        "active, renewal retry due",
                                accepts("active", ChargeRequested.class).and(charging(RENEWAL_ID, 2)),
                        "active, renewal retry due+cape",
                                accepts("active", ChargeRequested.class).and(charging(RENEWAL_ID, 2)),
                        "paused, renewal retry due",
                                accepts("paused", ChargeRequested.class).and(charging(RENEWAL_ID, 2)))));
        rows.addAll(each("charge an attempt that is not the next one", s -> nextAttempt(s, 2), Map.of()));
        var expired = accepts("canceled", InvoiceVoided.class, SubscriptionCanceled.class)
                .and(after -> {
                    assertThat(((SubscriptionState.Canceled) after).canceledAt())
                            .isEqualTo(Scenarios.expire().requestedAt());
                    assertThat(after.details().mandate().status()).isEqualTo(MandateStatus.REVOKED);
                    assertThat(Scenarios.invoice(after, INVOICE_ID).status()).isEqualTo(InvoiceStatus.VOID);
                });
        rows.addAll(each(
                "expire incomplete",
                s -> Scenarios.expire(),
                Map.of(
                        "incomplete/pending mandate", expired,
                        "incomplete+cape", expired)));
        return rows.stream();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("table")
    void shouldRenewRetryOrExpireOnlyWhereTheTableAllowsWhenTheSchedulerFires(Row row) {
        row.verify();
    }

    /** One row per state: {@code allowed} where the trigger applies, else accepted without any change. */
    private static List<Row> each(
            String trigger, Function<Existing, SubscriptionInstruction> when, Map<String, Expect> allowed) {
        return STATES.entrySet().stream()
                .map(state -> {
                    var expect = allowed.getOrDefault(state.getKey(), ignores());
                    var outcome = expect.status() == null
                            ? "no-op"
                            : expect.status() + " "
                                    + expect.events().stream()
                                            .map(Class::getSimpleName)
                                            .toList();
                    return DeciderTable.row(
                            state.getKey() + ": " + trigger + " -> " + outcome, state.getValue(), when, expect);
                })
                .toList();
    }

    /** A renewal fired from an older snapshot: the period it names has already moved on (or never was). */
    private static SubscriptionInstruction staleRenewal(Existing state) {
        var current = state.details().cycle().currentPeriod();
        var stale = current.start();
        return new SubscriptionInstruction.Renew(
                state.id(), state.details().tenant(), current.end(), stale, "cmd_stale");
    }

    /** Attempt attemptCount + {@code ahead} of the latest invoice, fired at its retry time (or the period end). */
    private static SubscriptionInstruction nextAttempt(Existing state, int ahead) {
        var invoice = Scenarios.invoice(state, Scenarios.latestInvoice(state));
        var at = invoice.nextAttemptAt() != null ? invoice.nextAttemptAt() : Scenarios.LATER;
        return Scenarios.chargeDue(invoice.id(), invoice.attemptCount() + ahead, at);
    }

    @SafeVarargs
    private static Expect canceledAtPeriodEnd(Class<? extends SubscriptionEvent>... events) {
        return accepts("canceled", events).and(after -> {
            assertThat(((SubscriptionState.Canceled) after).canceledAt()).isEqualTo(FIRST_PERIOD_END);
            // No renewal invoice (the events listed hold no InvoiceCreated): canceling at period end bills no more.
            assertThat(after.details().mandate().status()).isEqualTo(MandateStatus.REVOKED);
        });
    }

    private static void invoicesAndChargesTheNextPeriod(Existing after) {
        var renewal = Scenarios.invoice(after, RENEWAL_ID);
        assertThat(after.details().latestInvoiceId()).isEqualTo(RENEWAL_ID);
        assertThat(renewal.billingReason()).isEqualTo(BillingReason.SUBSCRIPTION_CYCLE);
        assertThat(renewal.amount()).isEqualTo(AMOUNT);
        // Jan 31 anchor: the period after the one ending Feb 28 ends on the anchor day again, Mar 31.
        var period = new Period(FIRST_PERIOD_END, Instant.parse("2026-03-31T10:15:30Z"));
        assertThat(renewal.period()).isEqualTo(period);
        assertThat(renewal.lines())
                .containsExactly(new InvoiceLine(
                        InvoiceLineKind.SUBSCRIPTION, "9.99 USDC per month", period, 1, AMOUNT, AMOUNT, false));
        assertThat(renewal.dueAt()).isEqualTo(FIRST_PERIOD_END);
        assertThat(renewal.createdAt()).isEqualTo(FIRST_PERIOD_END);
        assertThat(renewal.attemptCount()).isEqualTo(1);
        assertThat(after.details().settlements().inFlight())
                .containsExactly(Settlement.charge(RENEWAL_ID, 1, AMOUNT, FIRST_PERIOD_END));
        // The period moves only once the renewal is paid.
        assertThat(after.details().cycle().currentPeriod().end()).isEqualTo(FIRST_PERIOD_END);
    }

    private static Consumer<Existing> charging(String invoiceId, int attempt) {
        return after -> {
            assertThat(after.details().settlements().inFlight())
                    .extracting(Settlement::requestId)
                    .containsExactly(invoiceId + ":" + attempt);
            assertThat(Scenarios.invoice(after, invoiceId).attemptCount()).isEqualTo(attempt);
            assertThat(Scenarios.invoice(after, invoiceId).nextAttemptAt()).isNull();
        };
    }

    private static Consumer<Existing> invoice(String invoiceId, InvoiceStatus status) {
        return after -> assertThat(Scenarios.invoice(after, invoiceId).status()).isEqualTo(status);
    }

    private static Map<String, Existing> ordered(Object... namesAndStates) {
        var out = new LinkedHashMap<String, Existing>();
        for (int i = 0; i < namesAndStates.length; i += 2) {
            out.put((String) namesAndStates[i], (Existing) namesAndStates[i + 1]);
        }
        return out;
    }
}
