package io.abk.billing.streams.subscription.domain;

import static io.abk.billing.streams.subscription.domain.DeciderTable.accepts;
import static io.abk.billing.streams.subscription.domain.DeciderTable.fails;
import static io.abk.billing.streams.subscription.domain.DeciderTable.rejects;
import static io.abk.billing.streams.subscription.domain.Fixtures.AMOUNT;
import static io.abk.billing.streams.subscription.domain.Fixtures.INVOICE_ID;
import static io.abk.billing.streams.subscription.domain.Scenarios.RENEWAL_ID;
import static org.assertj.core.api.Assertions.assertThat;

import io.abk.billing.schemas.money.UsdcAmount;
import io.abk.billing.streams.subscription.domain.DeciderTable.Expect;
import io.abk.billing.streams.subscription.domain.DeciderTable.Row;
import io.abk.billing.streams.subscription.domain.SubscriptionEvent.ChargeRequested;
import io.abk.billing.streams.subscription.domain.SubscriptionEvent.InvoicePaid;
import io.abk.billing.streams.subscription.domain.SubscriptionEvent.InvoicePaymentFailed;
import io.abk.billing.streams.subscription.domain.SubscriptionEvent.InvoiceRefunded;
import io.abk.billing.streams.subscription.domain.SubscriptionEvent.InvoiceVoided;
import io.abk.billing.streams.subscription.domain.SubscriptionEvent.PeriodAdvanced;
import io.abk.billing.streams.subscription.domain.SubscriptionEvent.RefundRequested;
import io.abk.billing.streams.subscription.domain.SubscriptionEvent.SettlementClosed;
import io.abk.billing.streams.subscription.domain.SubscriptionEvent.SubscriptionBecameActive;
import io.abk.billing.streams.subscription.domain.SubscriptionState.Existing;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import java.util.function.Function;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The invoice rules (docs/architecture.md, "Invoice") in every subscription state: charge, refund and void of the first
 * invoice, and the settlement results (charge and refund, success and failure). For a result the state has that
 * settlement in flight where it can (the charging variants charge a renewal once the first invoice is paid); where no
 * settlement can be in flight, a stray result is refused.
 */
class InvoiceTableTest {

    private static final Existing INCOMPLETE = Scenarios.incompletePending();
    private static final Existing MANDATED = Scenarios.incompleteActiveMandate();
    private static final Existing ACTIVE = Scenarios.active();
    private static final Existing CANCELING = Scenarios.activeCancelingAtPeriodEnd();
    private static final Existing PAST_DUE = Scenarios.pastDue();
    private static final Existing PAUSED = Scenarios.paused();
    private static final Existing CANCELED = Scenarios.canceled();
    private static final Existing ACTIVE_CHARGING = Scenarios.activeCharging();

    /** Per state: the state itself, the same with a charge in flight, and with a refund in flight (or null). */
    private record Variant(String name, Existing plain, Existing charging, Existing refunding) {}

    private static final List<Variant> VARIANTS = List.of(
            new Variant("incomplete/pending mandate", INCOMPLETE, INCOMPLETE, INCOMPLETE),
            new Variant("incomplete/active mandate", MANDATED, Scenarios.incompleteCharging(), MANDATED),
            new Variant("active", ACTIVE, ACTIVE_CHARGING, Scenarios.refunding(ACTIVE)),
            new Variant(
                    "active+cancelAtPeriodEnd",
                    CANCELING,
                    Scenarios.apply(ACTIVE_CHARGING, Scenarios.cancel(false)),
                    Scenarios.refunding(CANCELING)),
            new Variant("past_due", PAST_DUE, Scenarios.pastDueCharging(), PAST_DUE),
            new Variant(
                    "paused", PAUSED, Scenarios.apply(ACTIVE_CHARGING, Scenarios.pause()), Scenarios.refunding(PAUSED)),
            new Variant(
                    "canceled",
                    CANCELED,
                    Scenarios.apply(ACTIVE_CHARGING, Scenarios.cancel(true)),
                    Scenarios.refunding(CANCELED)));

    static Stream<Row> table() {
        var rows = new ArrayList<Row>();
        var notChargeable = rejects(SubscriptionRejection.INVOICE_NOT_CHARGEABLE);
        rows.addAll(rows(
                "charge first invoice",
                Variant::plain,
                s -> Scenarios.charge(INVOICE_ID, Scenarios.LATER),
                Map.of(
                        "incomplete/pending mandate",
                        accepts("incomplete", InvoicePaymentFailed.class)
                                .and(failedWithoutRetry("MANDATE_INACTIVE", 1)),
                        "incomplete/active mandate",
                        accepts("incomplete", ChargeRequested.class).and(charging(1)),
                        "past_due",
                        accepts("past_due", ChargeRequested.class).and(charging(5))),
                notChargeable));
        var refundRequested = (Consumer<Existing>)
                after -> assertThat(after.details().settlements().inFlight())
                        .containsExactly(Settlement.refund(INVOICE_ID, 1, AMOUNT, Scenarios.LATER));
        rows.addAll(rows(
                "refund first invoice in full",
                Variant::plain,
                s -> Scenarios.refund(INVOICE_ID, null),
                Map.of(
                        "active",
                        accepts("active", RefundRequested.class).and(refundRequested),
                        "active+cancelAtPeriodEnd",
                        accepts("active", RefundRequested.class).and(refundRequested),
                        "paused",
                        accepts("paused", RefundRequested.class).and(refundRequested),
                        "canceled",
                        accepts("canceled", RefundRequested.class).and(refundRequested)),
                rejects(SubscriptionRejection.INVOICE_NOT_REFUNDABLE)));
        var voided = (Consumer<Existing>) after -> assertThat(Scenarios.invoice(after, INVOICE_ID))
                .extracting(Invoice::status, Invoice::voidedAt)
                .containsExactly(InvoiceStatus.VOID, Scenarios.LATER);
        rows.addAll(rows(
                "void first invoice",
                Variant::plain,
                s -> Scenarios.voidInvoice(INVOICE_ID),
                Map.of(
                        "incomplete/pending mandate",
                        accepts("incomplete", InvoiceVoided.class).and(voided),
                        "incomplete/active mandate",
                        accepts("incomplete", InvoiceVoided.class).and(voided)),
                rejects(SubscriptionRejection.INVOICE_NOT_VOIDABLE)));
        var unknown = rejects(SubscriptionRejection.SETTLEMENT_UNKNOWN);
        rows.addAll(rows(
                "settle charge success",
                Variant::charging,
                InvoiceTableTest::chargeSucceeded,
                Map.of(
                        "incomplete/active mandate",
                                accepts(
                                                "active",
                                                SettlementClosed.class,
                                                InvoicePaid.class,
                                                SubscriptionBecameActive.class)
                                        .and(paid(INVOICE_ID))
                                        .and(periodStays()),
                        "active", renewalPaid("active"),
                        "active+cancelAtPeriodEnd", renewalPaid("active"),
                        "past_due",
                                accepts(
                                                "active",
                                                SettlementClosed.class,
                                                InvoicePaid.class,
                                                SubscriptionBecameActive.class)
                                        .and(paid(INVOICE_ID)),
                        "paused", renewalPaid("paused"),
                        "canceled",
                                accepts("canceled", SettlementClosed.class, InvoicePaid.class)
                                        .and(paid(RENEWAL_ID))
                                        .and(periodStays())),
                unknown));
        var failed = new Class<?>[] {SettlementClosed.class, InvoicePaymentFailed.class};
        rows.addAll(rows(
                "settle charge failure",
                Variant::charging,
                InvoiceTableTest::chargeFailed,
                Map.of(
                        "incomplete/active mandate",
                                accepts("incomplete", events(failed)).and(retryAfterOneDay(INVOICE_ID)),
                        "active", accepts("active", events(failed)).and(retryAfterOneDay(RENEWAL_ID)),
                        "active+cancelAtPeriodEnd",
                                accepts("active", events(failed)).and(retryAfterOneDay(RENEWAL_ID)),
                        "past_due", accepts("past_due", events(failed)).and(staysUncollectible()),
                        "paused", accepts("paused", events(failed)).and(retryAfterOneDay(RENEWAL_ID)),
                        "canceled",
                                accepts(
                                                "canceled",
                                                SettlementClosed.class,
                                                InvoicePaymentFailed.class,
                                                InvoiceVoided.class)
                                        .and(after -> assertThat(Scenarios.invoice(after, RENEWAL_ID)
                                                        .status())
                                                .isEqualTo(InvoiceStatus.VOID))),
                unknown));
        var refunded = new Class<?>[] {SettlementClosed.class, InvoiceRefunded.class};
        var partlyRefunded = (Consumer<Existing>) after -> assertThat(Scenarios.invoice(after, INVOICE_ID))
                .extracting(Invoice::status, Invoice::amountRefunded)
                .containsExactly(InvoiceStatus.PAID, UsdcAmount.ofMicros(4_000_000));
        rows.addAll(rows(
                "settle refund success",
                Variant::refunding,
                InvoiceTableTest::refundSucceeded,
                Map.of(
                        "active", accepts("active", events(refunded)).and(partlyRefunded),
                        "active+cancelAtPeriodEnd",
                                accepts("active", events(refunded)).and(partlyRefunded),
                        "paused", accepts("paused", events(refunded)).and(partlyRefunded),
                        "canceled", accepts("canceled", events(refunded)).and(partlyRefunded)),
                unknown));
        rows.addAll(rows(
                "settle refund failure",
                Variant::refunding,
                InvoiceTableTest::refundFailed,
                Map.of(
                        "active", refundFailed("active"),
                        "active+cancelAtPeriodEnd", refundFailed("active"),
                        "paused", refundFailed("paused"),
                        "canceled", refundFailed("canceled")),
                unknown));
        return rows.stream();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("table")
    void shouldFollowTheInvoiceRulesWhenAnInvoiceCommandOrSettlementResultArrives(Row row) {
        row.verify();
    }

    private static List<Row> rows(
            String trigger,
            Function<Variant, Existing> given,
            Function<Existing, SubscriptionInstruction> when,
            Map<String, Expect> allowed,
            Expect otherwise) {
        return VARIANTS.stream()
                .map(variant -> {
                    var expect = allowed.getOrDefault(variant.name(), otherwise);
                    var outcome = expect.refusal() != null
                            ? "refused " + expect.refusal().code()
                            : expect.status() + " "
                                    + expect.events().stream()
                                            .map(Class::getSimpleName)
                                            .toList();
                    return DeciderTable.row(
                            variant.name() + ": " + trigger + " -> " + outcome, given.apply(variant), when, expect);
                })
                .toList();
    }

    private static SubscriptionInstruction chargeSucceeded(Existing state) {
        return hasCharge(state)
                ? Scenarios.settleCharge(state, Scenarios.latestInvoice(state), true)
                : Scenarios.strayCharge(true);
    }

    private static SubscriptionInstruction chargeFailed(Existing state) {
        return hasCharge(state)
                ? Scenarios.settleCharge(state, Scenarios.latestInvoice(state), false)
                : Scenarios.strayCharge(false);
    }

    private static SubscriptionInstruction refundSucceeded(Existing state) {
        return hasRefund(state) ? Scenarios.settleRefund(state, INVOICE_ID, true) : Scenarios.strayRefund(true);
    }

    private static SubscriptionInstruction refundFailed(Existing state) {
        return hasRefund(state) ? Scenarios.settleRefund(state, INVOICE_ID, false) : Scenarios.strayRefund(false);
    }

    private static boolean hasCharge(Existing state) {
        return state.details().settlements().inFlight().stream().anyMatch(s -> s.kind() == SettlementKind.CHARGE);
    }

    private static boolean hasRefund(Existing state) {
        return state.details().settlements().inFlight().stream().anyMatch(s -> s.kind() == SettlementKind.REFUND);
    }

    private static Expect renewalPaid(String status) {
        return accepts(status, SettlementClosed.class, InvoicePaid.class, PeriodAdvanced.class)
                .and(paid(RENEWAL_ID))
                .and(after -> {
                    var renewal = Scenarios.invoice(after, RENEWAL_ID);
                    // The period moves to the renewal's: start = the old end.
                    assertThat(after.details().cycle().currentPeriod()).isEqualTo(renewal.period());
                });
    }

    private static Expect refundFailed(String status) {
        return fails(SubscriptionRejection.REFUND_FAILED, status, List.of(SettlementClosed.class))
                .and(after -> {
                    assertThat(after.details().settlements().inFlight()).isEmpty();
                    assertThat(Scenarios.invoice(after, INVOICE_ID).amountRefunded())
                            .isEqualTo(UsdcAmount.ZERO);
                });
    }

    private static Consumer<Existing> paid(String invoiceId) {
        return after -> {
            var invoice = Scenarios.invoice(after, invoiceId);
            assertThat(invoice.status()).isEqualTo(InvoiceStatus.PAID);
            assertThat(invoice.txHash()).startsWith("0x");
            assertThat(invoice.lastFailure()).isNull();
            assertThat(invoice.nextAttemptAt()).isNull();
            assertThat(after.details().settlements().inFlight()).isEmpty();
        };
    }

    /** The first invoice pays the period the subscription was created with: it does not move. */
    private static Consumer<Existing> periodStays() {
        return after -> assertThat(after.details().cycle().currentPeriod())
                .isEqualTo(INCOMPLETE.details().cycle().currentPeriod());
    }

    private static Consumer<Existing> charging(int attempt) {
        return after -> {
            assertThat(after.details().settlements().inFlight())
                    .extracting(Settlement::requestId)
                    .containsExactly(INVOICE_ID + ":" + attempt);
            assertThat(Scenarios.invoice(after, INVOICE_ID).attemptCount()).isEqualTo(attempt);
        };
    }

    private static Consumer<Existing> failedWithoutRetry(String code, int attempts) {
        return after -> {
            var invoice = Scenarios.invoice(after, INVOICE_ID);
            assertThat(invoice.lastFailure().code()).isEqualTo(code);
            assertThat(invoice.attemptCount()).isEqualTo(attempts);
            assertThat(invoice.nextAttemptAt()).isNull();
            assertThat(after.details().settlements().inFlight()).isEmpty();
        };
    }

    /** The failed attempt was made (and failed) at the first invoice's charge or at the renewal's due time. */
    private static Consumer<Existing> retryAfterOneDay(String invoiceId) {
        return after -> {
            var invoice = Scenarios.invoice(after, invoiceId);
            var attemptedAt = invoiceId.equals(INVOICE_ID) ? Scenarios.LATER : invoice.dueAt();
            assertThat(invoice.status()).isEqualTo(InvoiceStatus.OPEN);
            assertThat(invoice.lastFailure()).isEqualTo(Scenarios.DECLINED);
            assertThat(invoice.nextAttemptAt()).isEqualTo(attemptedAt.plus(Duration.ofDays(1)));
        };
    }

    private static Consumer<Existing> staysUncollectible() {
        return after -> {
            var invoice = Scenarios.invoice(after, INVOICE_ID);
            assertThat(invoice.status()).isEqualTo(InvoiceStatus.UNCOLLECTIBLE);
            assertThat(invoice.attemptCount()).isEqualTo(5);
            assertThat(invoice.nextAttemptAt()).isNull();
        };
    }

    @SuppressWarnings("unchecked")
    private static Class<? extends SubscriptionEvent>[] events(Class<?>[] types) {
        return (Class<? extends SubscriptionEvent>[]) types;
    }
}
