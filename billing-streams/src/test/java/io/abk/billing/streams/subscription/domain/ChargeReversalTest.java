package io.abk.billing.streams.subscription.domain;

import static io.abk.billing.streams.subscription.domain.DeciderTable.accepts;
import static io.abk.billing.streams.subscription.domain.DeciderTable.ignores;
import static io.abk.billing.streams.subscription.domain.DeciderTable.rejects;
import static io.abk.billing.streams.subscription.domain.DeciderTable.row;
import static io.abk.billing.streams.subscription.domain.Fixtures.INVOICE_ID;
import static io.abk.billing.streams.subscription.domain.Fixtures.SUBSCRIPTION_ID;
import static io.abk.billing.streams.subscription.domain.Fixtures.TENANT;
import static io.abk.billing.streams.subscription.domain.Scenarios.FIRST_PERIOD_END;
import static io.abk.billing.streams.subscription.domain.Scenarios.RENEWAL_ID;
import static org.assertj.core.api.Assertions.assertThat;

import io.abk.billing.schemas.mode.Mode;
import io.abk.billing.schemas.money.UsdcAmount;
import io.abk.billing.streams.shared.domain.Tenant;
import io.abk.billing.streams.subscription.domain.DeciderTable.Row;
import io.abk.billing.streams.subscription.domain.SubscriptionEvent.InvoicePaid;
import io.abk.billing.streams.subscription.domain.SubscriptionEvent.InvoicePaymentFailed;
import io.abk.billing.streams.subscription.domain.SubscriptionEvent.InvoiceReopened;
import io.abk.billing.streams.subscription.domain.SubscriptionEvent.SettlementClosed;
import io.abk.billing.streams.subscription.domain.SubscriptionEvent.SubscriptionBecameActive;
import io.abk.billing.streams.subscription.domain.SubscriptionEvent.SubscriptionPastDue;
import io.abk.billing.streams.subscription.domain.SubscriptionInstruction.ReverseCharge;
import io.abk.billing.streams.subscription.domain.SubscriptionState.Existing;
import java.time.Duration;
import java.time.Instant;
import java.util.Locale;
import java.util.function.Consumer;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * A charge that paid an invoice on chain and was then reorged out (docs/architecture.md, "The chain path"): the invoice
 * is open again and due at once, the subscription past due until it is paid again; anything the retraction does not
 * match is ignored.
 */
class ChargeReversalTest {

    /** The retraction arrives a day into the renewed period. */
    private static final Instant REVERSED_AT = FIRST_PERIOD_END.plus(Duration.ofDays(1));

    /** Active, its renewal at the end of the first period charged and paid: the period moved on. */
    static Existing renewed() {
        var charging = Scenarios.activeCharging();
        return Scenarios.apply(charging, Scenarios.settleCharge(charging, RENEWAL_ID, true));
    }

    static ReverseCharge reverse(String invoiceId, String txHash) {
        return new ReverseCharge(SUBSCRIPTION_ID, TENANT, REVERSED_AT, invoiceId, txHash, "84532:" + txHash + ":7");
    }

    /** The retraction of the transaction that paid {@code invoiceId} in {@code state}. */
    static ReverseCharge reverseWhatPaid(Existing state, String invoiceId) {
        var txHash = Scenarios.invoice(state, invoiceId).txHash();
        assertThat(txHash).as("invoice %s was paid on chain", invoiceId).isNotNull();
        return reverse(invoiceId, txHash);
    }

    static Stream<Row> table() {
        var renewed = renewed();
        var paused = Scenarios.apply(renewed, Scenarios.pause());
        var partlyRefunded = settledRefund(renewed, UsdcAmount.ofMicros(4_000_000));
        var refunded = settledRefund(renewed, null);
        var canceled = Scenarios.apply(renewed, Scenarios.cancel(true));
        var other = "0x" + "99".repeat(32);
        return Stream.of(
                row(
                        "active, renewal paid: its charge reversed -> past_due [InvoiceReopened, SubscriptionPastDue]",
                        renewed,
                        s -> reverseWhatPaid(s, RENEWAL_ID),
                        accepts("past_due", InvoiceReopened.class, SubscriptionPastDue.class)
                                .and(reopenedDueAtOnce(RENEWAL_ID, 1))),
                row(
                        "active, first invoice paid: its charge reversed -> past_due",
                        Scenarios.active(),
                        s -> reverseWhatPaid(s, INVOICE_ID),
                        accepts("past_due", InvoiceReopened.class, SubscriptionPastDue.class)
                                .and(reopenedDueAtOnce(INVOICE_ID, 1))),
                row(
                        "active, hash in capitals -> past_due",
                        renewed,
                        s -> reverse(
                                RENEWAL_ID,
                                "0x"
                                        + Scenarios.invoice(s, RENEWAL_ID)
                                                .txHash()
                                                .substring(2)
                                                .toUpperCase(Locale.ROOT)),
                        accepts("past_due", InvoiceReopened.class, SubscriptionPastDue.class)),
                row(
                        "active, partly refunded renewal reversed -> past_due, refund kept",
                        partlyRefunded,
                        s -> reverseWhatPaid(s, RENEWAL_ID),
                        accepts("past_due", InvoiceReopened.class, SubscriptionPastDue.class)
                                .and(after -> assertThat(Scenarios.invoice(after, RENEWAL_ID)
                                                .amountRefunded())
                                        .isEqualTo(UsdcAmount.ofMicros(4_000_000)))),
                row(
                        "paused, renewal paid: reversed -> stays paused [InvoiceReopened]",
                        paused,
                        s -> reverseWhatPaid(s, RENEWAL_ID),
                        accepts("paused", InvoiceReopened.class).and(reopenedDueAtOnce(RENEWAL_ID, 1))),
                row(
                        "active: another transaction reversed -> ignored",
                        renewed,
                        s -> reverse(RENEWAL_ID, other),
                        ignores()),
                row(
                        "active: an invoice it does not hold -> ignored",
                        renewed,
                        s -> reverse("inv_01jjjjjjjjjjjjjjjjjjjjjjzz", other),
                        ignores()),
                row(
                        "active, renewal retry due (open): reversed -> ignored",
                        Scenarios.activeRetryDue(),
                        s -> reverse(RENEWAL_ID, Scenarios.txHash(RENEWAL_ID + ":1")),
                        ignores()),
                row(
                        "past_due, uncollectible: reversed -> ignored",
                        Scenarios.pastDue(),
                        s -> reverse(INVOICE_ID, other),
                        ignores()),
                row(
                        "active, renewal fully refunded: reversed -> ignored",
                        refunded,
                        s -> reverseWhatPaid(s, RENEWAL_ID),
                        ignores()),
                row(
                        "canceled, renewal paid: reversed -> ignored",
                        canceled,
                        s -> reverseWhatPaid(s, RENEWAL_ID),
                        ignores()),
                row(
                        "another mode's subscription -> rejected resource_missing",
                        renewed,
                        s -> new ReverseCharge(
                                SUBSCRIPTION_ID,
                                new Tenant(TENANT.merchantId(), Mode.LIVE),
                                REVERSED_AT,
                                RENEWAL_ID,
                                other,
                                "84532:" + other + ":7"),
                        rejects(SubscriptionRejection.RESOURCE_MISSING)));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("table")
    void shouldReopenOnlyThePaidInvoiceOfALiveSubscriptionWhenItsChargeIsReversed(Row row) {
        row.verify();
    }

    @Test
    void shouldBeActiveAgainWithTheSamePeriodWhenTheReopenedRenewalIsChargedAgain() {
        var renewed = renewed();
        var period = renewed.details().cycle().currentPeriod();
        assertThat(period.start()).isEqualTo(FIRST_PERIOD_END);
        var reopened = Scenarios.apply(renewed, reverseWhatPaid(renewed, RENEWAL_ID));
        assertThat(reopened.details().cycle().currentPeriod())
                .as("the period does not move back")
                .isEqualTo(period);

        // The scheduler fires the next attempt at nextAttemptAt; settlement pays it.
        var charging = Scenarios.apply(reopened, Scenarios.chargeDue(RENEWAL_ID, 2, REVERSED_AT));
        assertThat(Scenarios.inFlight(charging, SettlementKind.CHARGE, RENEWAL_ID)
                        .requestId())
                .isEqualTo(RENEWAL_ID + ":2");
        var settle = Scenarios.settleCharge(charging, RENEWAL_ID, true);
        var decision = (SubscriptionDecision.Accepted) Fixtures.decide(charging, settle);

        assertThat(decision.events())
                .extracting(Object::getClass)
                .containsExactly(SettlementClosed.class, InvoicePaid.class, SubscriptionBecameActive.class);
        var after = (Existing) SubscriptionEvolver.evolveAll(charging, decision.events());
        assertThat(Statuses.name(after)).isEqualTo("active");
        assertThat(after.details().cycle().currentPeriod())
                .as("paid again, not advanced twice")
                .isEqualTo(period);
        var invoice = Scenarios.invoice(after, RENEWAL_ID);
        assertThat(invoice.status()).isEqualTo(InvoiceStatus.PAID);
        assertThat(invoice.txHash()).isEqualTo(Scenarios.txHash(RENEWAL_ID + ":2"));
        assertThat(invoice.paidAt()).isEqualTo(REVERSED_AT);
        assertThat(invoice.attemptCount()).isEqualTo(2);
    }

    @Test
    void shouldRetryByTheDunningScheduleAndStayPastDueWhenTheChargeAgainFails() {
        var renewed = renewed();
        var reopened = Scenarios.apply(renewed, reverseWhatPaid(renewed, RENEWAL_ID));
        var charging = Scenarios.apply(reopened, Scenarios.chargeDue(RENEWAL_ID, 2, REVERSED_AT));

        var decision = (SubscriptionDecision.Accepted)
                Fixtures.decide(charging, Scenarios.settleCharge(charging, RENEWAL_ID, false));

        assertThat(decision.events())
                .extracting(Object::getClass)
                .containsExactly(SettlementClosed.class, InvoicePaymentFailed.class);
        var after = (Existing) SubscriptionEvolver.evolveAll(charging, decision.events());
        assertThat(Statuses.name(after)).isEqualTo("past_due");
        var invoice = Scenarios.invoice(after, RENEWAL_ID);
        assertThat(invoice.status()).isEqualTo(InvoiceStatus.OPEN);
        assertThat(invoice.nextAttemptAt()).isEqualTo(REVERSED_AT.plus(Duration.ofDays(2)));
        assertThat(invoice.lastFailure()).isEqualTo(Scenarios.DECLINED);
    }

    @Test
    void shouldBeActiveAgainWhenTheReopenedInvoiceIsPaidWhileARenewalIsStillInItsRetries() {
        // The renewal in its retries bills the next period: it did not make the subscription past due, so it does
        // not keep it there once the reversed first invoice is paid again.
        var retrying = Scenarios.activeRetryDue();
        var reopened = Scenarios.apply(retrying, reverseWhatPaid(retrying, INVOICE_ID));
        assertThat(Statuses.name(reopened)).isEqualTo("past_due");
        var charging = Scenarios.apply(reopened, Scenarios.charge(INVOICE_ID, REVERSED_AT));

        var after = Scenarios.apply(charging, Scenarios.settleCharge(charging, INVOICE_ID, true));

        assertThat(Statuses.name(after)).isEqualTo("active");
        assertThat(Scenarios.invoice(after, RENEWAL_ID).status()).isEqualTo(InvoiceStatus.OPEN);
    }

    @Test
    void shouldStayPastDueUntilBothAreRepaidWhenTwoPaidInvoicesAreReversed() {
        var renewed = renewed();
        var first = Scenarios.apply(renewed, reverseWhatPaid(renewed, INVOICE_ID));
        var both = Scenarios.apply(first, reverseWhatPaid(first, RENEWAL_ID));
        assertThat(Fixtures.decide(first, reverseWhatPaid(first, RENEWAL_ID)))
                .isInstanceOfSatisfying(
                        SubscriptionDecision.Accepted.class,
                        accepted -> assertThat(accepted.events())
                                .extracting(Object::getClass)
                                .containsExactly(InvoiceReopened.class));

        var onePaid = payAgain(both, RENEWAL_ID);
        var twoPaid = payAgain(onePaid, INVOICE_ID);

        assertThat(Statuses.name(onePaid)).isEqualTo("past_due");
        assertThat(Statuses.name(twoPaid)).isEqualTo("active");
    }

    private static Existing payAgain(Existing state, String invoiceId) {
        var charging = Scenarios.apply(state, Scenarios.charge(invoiceId, REVERSED_AT.plusSeconds(60)));
        return Scenarios.apply(charging, Scenarios.settleCharge(charging, invoiceId, true));
    }

    private static Consumer<Existing> reopenedDueAtOnce(String invoiceId, int attempts) {
        return after -> {
            var invoice = Scenarios.invoice(after, invoiceId);
            assertThat(invoice.status()).isEqualTo(InvoiceStatus.OPEN);
            assertThat(invoice.paidAt()).isNull();
            assertThat(invoice.txHash()).isNull();
            assertThat(invoice.nextAttemptAt()).isEqualTo(REVERSED_AT);
            assertThat(invoice.attemptCount()).isEqualTo(attempts);
            assertThat(invoice.lastFailure().code()).isEqualTo("CHARGE_REVERSED");
            assertThat(invoice.lastFailure().message())
                    .contains(Scenarios.txHash(invoiceId + ":1"))
                    .contains("no longer on the chain");
        };
    }

    private static Existing settledRefund(Existing state, UsdcAmount amount) {
        var requested = Scenarios.apply(state, Scenarios.refund(RENEWAL_ID, amount));
        return Scenarios.apply(requested, Scenarios.settleRefund(requested, RENEWAL_ID, true));
    }
}
