package io.abk.billing.streams.subscription.domain;

import static io.abk.billing.streams.subscription.domain.DeciderTable.accepts;
import static io.abk.billing.streams.subscription.domain.DeciderTable.ignores;
import static io.abk.billing.streams.subscription.domain.DeciderTable.row;
import static io.abk.billing.streams.subscription.domain.MeteredScenarios.LICENSED;
import static io.abk.billing.streams.subscription.domain.MeteredScenarios.MAX;
import static io.abk.billing.streams.subscription.domain.Scenarios.FIRST_PERIOD_END;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;

import io.abk.billing.schemas.ids.IdPrefix;
import io.abk.billing.schemas.ids.Ids;
import io.abk.billing.schemas.money.UsdcAmount;
import io.abk.billing.streams.subscription.domain.DeciderTable.Row;
import io.abk.billing.streams.subscription.domain.SubscriptionEvent.ChargeRequested;
import io.abk.billing.streams.subscription.domain.SubscriptionEvent.InvoiceCreated;
import io.abk.billing.streams.subscription.domain.SubscriptionEvent.InvoicePaymentFailed;
import io.abk.billing.streams.subscription.domain.SubscriptionEvent.SubscriptionCanceled;
import io.abk.billing.streams.subscription.domain.SubscriptionEvent.UsagePeriodClosing;
import io.abk.billing.streams.subscription.domain.SubscriptionEvent.UsageRecorded;
import io.abk.billing.streams.subscription.domain.SubscriptionState.Existing;
import java.time.Instant;
import java.util.function.Consumer;
import java.util.stream.Stream;
import org.jspecify.annotations.Nullable;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The renewal of a subscription with metered items (docs/architecture.md, "Metered usage"): the scheduler's renewal
 * closes the usage period and the subscription awaits its usage; the usage processor's {@code RecordUsage} for that
 * period makes the renewal invoice with a usage line per metered item (or, set to cancel at period end, a final usage
 * invoice, then the cancel). A re-fired renewal, and a {@code RecordUsage} nothing waits for, change nothing.
 */
class UsageTableTest {

    /** The first period, Jan 31 .. Feb 28, whose usage is billed; the next one ends Mar 31. */
    private static final Period CLOSED = new Period(Fixtures.NOW, FIRST_PERIOD_END);

    private static final Period NEXT = new Period(FIRST_PERIOD_END, Instant.parse("2026-03-31T10:15:30Z"));

    static Stream<Row> table() {
        var active = MeteredScenarios.active();
        var awaiting = MeteredScenarios.awaiting(active);
        var caping = Scenarios.apply(active, Scenarios.cancel(false));
        var capingAwaiting = MeteredScenarios.awaiting(caping);
        var pausedAwaiting = Scenarios.apply(awaiting, Scenarios.pause());
        var canceledAwaiting = Scenarios.apply(awaiting, Scenarios.cancel(true));
        var invoiced = Scenarios.apply(awaiting, MeteredScenarios.recorded(awaiting, 1_234, 150));
        return Stream.of(
                row(
                        "active: renew at period end -> the period closes, no invoice yet",
                        active,
                        Scenarios::renew,
                        accepts("active", UsagePeriodClosing.class)
                                .and(awaits(FIRST_PERIOD_END))
                                .and(after -> {
                                    assertThat(after.details().invoices()).hasSize(1);
                                    assertThat(after.details().cycle().currentPeriod())
                                            .isEqualTo(CLOSED);
                                })),
                row("awaiting usage: the renewal re-fired -> no-op", awaiting, Scenarios::renew, ignores()),
                row(
                        "renewal invoiced: the renewal re-fired under another id -> no-op",
                        invoiced,
                        s -> new SubscriptionInstruction.Renew(
                                s.id(), s.details().tenant(), FIRST_PERIOD_END, FIRST_PERIOD_END, "cmd_again"),
                        ignores()),
                row(
                        "active+cape: renew at period end -> the period closes before the cancel",
                        caping,
                        Scenarios::renew,
                        accepts("active", UsagePeriodClosing.class).and(awaits(FIRST_PERIOD_END))),
                row(
                        "awaiting usage: RecordUsage -> the renewal with a usage line per metered item, charged",
                        awaiting,
                        s -> MeteredScenarios.recorded(s, 1_234, 150),
                        accepts("active", UsageRecorded.class, InvoiceCreated.class, ChargeRequested.class)
                                .and(awaits(null))
                                .and(UsageTableTest::renewalWithUsage)),
                row(
                        "awaiting usage: RecordUsage above the maximum -> open, amount_exceeds_mandate, not charged",
                        awaiting,
                        // 10 USDC licensed + 20,001 calls x 0.002 = 50.002 USDC > 50 USDC.
                        s -> MeteredScenarios.recorded(s, 20_001, 0),
                        accepts("active", UsageRecorded.class, InvoiceCreated.class, InvoicePaymentFailed.class)
                                .and(awaits(null))
                                .and(after -> {
                                    var renewal = latest(after);
                                    assertThat(renewal.amount()).isEqualTo(UsdcAmount.ofMicros(50_002_000));
                                    assertThat(renewal.status()).isEqualTo(InvoiceStatus.OPEN);
                                    assertThat(renewal.lastFailure().code()).isEqualTo("amount_exceeds_mandate");
                                    assertThat(renewal.attemptCount()).isZero();
                                    assertThat(renewal.nextAttemptAt()).isNull();
                                    assertThat(after.details().settlements().inFlight())
                                            .isEmpty();
                                })),
                row(
                        "awaiting usage: RecordUsage exactly at the maximum -> charged",
                        awaiting,
                        s -> MeteredScenarios.recorded(s, 20_000, 0),
                        accepts("active", UsageRecorded.class, InvoiceCreated.class, ChargeRequested.class)
                                .and(after -> assertThat(latest(after).amount()).isEqualTo(MAX))),
                row(
                        "awaiting usage: RecordUsage of another period -> no-op",
                        awaiting,
                        s -> MeteredScenarios.recorded(s, FIRST_PERIOD_END.minusSeconds(1), 1, 1),
                        ignores()),
                row(
                        "active, nothing awaited: RecordUsage -> no-op",
                        active,
                        s -> MeteredScenarios.recorded(s, 5, 5),
                        ignores()),
                row(
                        "renewal invoiced: RecordUsage again -> no-op",
                        invoiced,
                        s -> MeteredScenarios.recorded(s, FIRST_PERIOD_END, 1_234, 150),
                        ignores()),
                row(
                        "canceled while awaiting usage: RecordUsage -> no-op",
                        canceledAwaiting,
                        s -> MeteredScenarios.recorded(s, 1_234, 150),
                        ignores()),
                row(
                        "paused while awaiting usage: RecordUsage -> nothing billed, nothing awaited",
                        pausedAwaiting,
                        s -> MeteredScenarios.recorded(s, 1_234, 150),
                        accepts("paused", UsageRecorded.class)
                                .and(awaits(null))
                                .and(after ->
                                        assertThat(after.details().invoices()).hasSize(1))),
                row(
                        "active+cape awaiting usage: RecordUsage -> the final usage invoice charged, then canceled",
                        capingAwaiting,
                        s -> MeteredScenarios.recorded(s, 1_234, 150),
                        accepts(
                                        "canceled",
                                        UsageRecorded.class,
                                        InvoiceCreated.class,
                                        ChargeRequested.class,
                                        SubscriptionCanceled.class)
                                .and(UsageTableTest::finalUsageInvoice)),
                row(
                        "active+cape awaiting usage: RecordUsage of no cost -> canceled without an invoice",
                        capingAwaiting,
                        s -> MeteredScenarios.recorded(s, 0, 100),
                        accepts("canceled", UsageRecorded.class, SubscriptionCanceled.class)
                                .and(after ->
                                        assertThat(after.details().invoices()).hasSize(1))));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("table")
    void shouldCloseTheUsagePeriodThenInvoiceItsUsageOnlyWhereTheTableAllows(Row row) {
        row.verify();
    }

    /** The seats for the next period, then the closed period's usage: 1,234 calls and 150 GB (50 above the free 100). */
    private static void renewalWithUsage(Existing after) {
        var renewal = latest(after);
        assertThat(renewal.id())
                .isEqualTo(Ids.derivedId(IdPrefix.INVOICE, FIRST_PERIOD_END.plusSeconds(3_600), "cmd_recorded"));
        assertThat(renewal.billingReason()).isEqualTo(BillingReason.SUBSCRIPTION_CYCLE);
        assertThat(renewal.period()).isEqualTo(NEXT);
        assertThat(renewal.dueAt()).isEqualTo(FIRST_PERIOD_END);
        assertThat(renewal.lines())
                .containsExactly(
                        new InvoiceLine(
                                InvoiceLineKind.SUBSCRIPTION, "10 USDC per month", NEXT, 1, LICENSED, LICENSED, false),
                        new InvoiceLine(
                                InvoiceLineKind.USAGE,
                                "api_call",
                                CLOSED,
                                1_234,
                                UsdcAmount.ofMicros(2_000),
                                UsdcAmount.ofMicros(2_468_000),
                                false),
                        new InvoiceLine(
                                InvoiceLineKind.USAGE,
                                "Storage (tiered)",
                                CLOSED,
                                150,
                                UsdcAmount.ZERO,
                                // 50 GB x 0.05 USDC + 1 USDC for reaching the second tier.
                                UsdcAmount.ofMicros(3_500_000),
                                false));
        assertThat(renewal.amount()).isEqualTo(UsdcAmount.ofMicros(15_968_000));
        assertThat(renewal.attemptCount()).isEqualTo(1);
        assertThat(after.details().settlements().inFlight())
                .extracting(Settlement::amount)
                .containsExactly(UsdcAmount.ofMicros(15_968_000));
        // The period moves only once the renewal is paid, as without usage.
        assertThat(after.details().cycle().currentPeriod()).isEqualTo(CLOSED);
    }

    /** Set to cancel: the usage alone, for the closed period; charged, so it stays open until settlement answers. */
    private static void finalUsageInvoice(Existing after) {
        var last = latest(after);
        assertThat(last.period()).isEqualTo(CLOSED);
        assertThat(last.lines())
                .extracting(
                        InvoiceLine::kind,
                        InvoiceLine::quantity,
                        line -> line.amount().micros())
                .containsExactly(
                        tuple(InvoiceLineKind.USAGE, 1_234L, 2_468_000L),
                        tuple(InvoiceLineKind.USAGE, 150L, 3_500_000L));
        assertThat(last.status()).isEqualTo(InvoiceStatus.OPEN);
        assertThat(after.details().settlements().chargeInFlight(last.id())).isTrue();
        assertThat(after.details().mandate().status()).isEqualTo(MandateStatus.REVOKED);
    }

    private static Consumer<Existing> awaits(@Nullable Instant periodEnd) {
        return after -> assertThat(after.details().usageAwaitedFor()).isEqualTo(periodEnd);
    }

    private static Invoice latest(Existing state) {
        return Scenarios.invoice(state, Scenarios.latestInvoice(state));
    }
}
