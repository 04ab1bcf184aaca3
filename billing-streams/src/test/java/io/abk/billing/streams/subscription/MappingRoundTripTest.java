package io.abk.billing.streams.subscription;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.tuple;

import io.abk.billing.schemas.avro.CreateSubscription;
import io.abk.billing.schemas.avro.InFlightSettlement;
import io.abk.billing.schemas.avro.PriceTierPart;
import io.abk.billing.schemas.avro.RecordUsage;
import io.abk.billing.schemas.avro.SubscriptionAggregate;
import io.abk.billing.schemas.avro.SubscriptionCommand;
import io.abk.billing.schemas.avro.SubscriptionItemPart;
import io.abk.billing.schemas.avro.SubscriptionSnapshot;
import io.abk.billing.schemas.avro.UsageQuantity;
import io.abk.billing.schemas.mode.Mode;
import io.abk.billing.schemas.money.UsagePricing;
import io.abk.billing.schemas.money.UsdcAmount;
import io.abk.billing.schemas.serde.AvroSerde;
import io.abk.billing.streams.command.CommandHeader;
import io.abk.billing.streams.command.Stored;
import io.abk.billing.streams.shared.domain.RelayedSubmission;
import io.abk.billing.streams.shared.domain.RelayerGas;
import io.abk.billing.streams.shared.domain.RelayerOutcome;
import io.abk.billing.streams.shared.domain.Tenant;
import io.abk.billing.streams.subscription.domain.BillingCycle;
import io.abk.billing.streams.subscription.domain.BillingReason;
import io.abk.billing.streams.subscription.domain.ChargeFailure;
import io.abk.billing.streams.subscription.domain.CustomerAction;
import io.abk.billing.streams.subscription.domain.CustomerActionKind;
import io.abk.billing.streams.subscription.domain.CustomerActions;
import io.abk.billing.streams.subscription.domain.Discount;
import io.abk.billing.streams.subscription.domain.DiscountDuration;
import io.abk.billing.streams.subscription.domain.Interval;
import io.abk.billing.streams.subscription.domain.Invoice;
import io.abk.billing.streams.subscription.domain.InvoiceLine;
import io.abk.billing.streams.subscription.domain.InvoiceLineKind;
import io.abk.billing.streams.subscription.domain.InvoiceStatus;
import io.abk.billing.streams.subscription.domain.Mandate;
import io.abk.billing.streams.subscription.domain.MandateSignature;
import io.abk.billing.streams.subscription.domain.MandateStatus;
import io.abk.billing.streams.subscription.domain.Period;
import io.abk.billing.streams.subscription.domain.Plan;
import io.abk.billing.streams.subscription.domain.Settlement;
import io.abk.billing.streams.subscription.domain.SettlementKind;
import io.abk.billing.streams.subscription.domain.Settlements;
import io.abk.billing.streams.subscription.domain.SubscriptionDetails;
import io.abk.billing.streams.subscription.domain.SubscriptionInstruction;
import io.abk.billing.streams.subscription.domain.SubscriptionInstruction.Create;
import io.abk.billing.streams.subscription.domain.SubscriptionItem;
import io.abk.billing.streams.subscription.domain.SubscriptionState.Active;
import io.abk.billing.streams.subscription.domain.SubscriptionState.Canceled;
import io.abk.billing.streams.subscription.domain.SubscriptionState.Existing;
import io.abk.billing.streams.subscription.domain.SubscriptionState.Incomplete;
import io.abk.billing.streams.subscription.domain.SubscriptionState.PastDue;
import io.abk.billing.streams.subscription.domain.SubscriptionState.Paused;
import io.abk.billing.streams.subscription.domain.UsageType;
import io.abk.billing.streams.subscription.domain.Wallets;
import java.math.BigInteger;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.function.UnaryOperator;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

class MappingRoundTripTest {

    private static final Instant T0 = Instant.parse("2026-03-31T08:00:00Z");
    private static final AvroSerde<SubscriptionAggregate> SERDE = AvroSerde.of(SubscriptionAggregate.class);

    static Stream<Existing> states() {
        var trialing = details(
                Mode.TEST,
                new Plan(UsdcAmount.ofMicros(1), Interval.YEAR, null, null),
                Map.of(),
                new BillingCycle(
                        new Period(T0, T0.plusSeconds(86_400)), T0.plusSeconds(86_400), T0.plusSeconds(86_400), false),
                new Mandate(MandateStatus.PENDING, null),
                List.of(openInvoice("inv_a")),
                "inv_a");
        var busy = details(
                Mode.LIVE,
                new Plan(UsdcAmount.ofMicros(1_000_000_000_000_000L), Interval.MONTH, "price_9", "plan_9"),
                Map.of("k", "v", "empty", ""),
                new BillingCycle(new Period(T0, Instant.parse("2026-04-30T08:00:00Z")), T0, null, true),
                new Mandate(MandateStatus.ACTIVE, "42"),
                List.of(paidAndPartlyRefunded("inv_a"), failedWithRetry("inv_b"), openInvoice("inv_c")),
                "inv_c");
        // A charge of inv_c and a refund of inv_a in flight, after two refunds were asked for.
        var settling = busy.with(b -> b.settlements(new Settlements(
                List.of(
                        new Settlement(
                                SettlementKind.CHARGE,
                                "inv_c:3",
                                "inv_c",
                                UsdcAmount.ofMicros(5_000_000),
                                "cmd_r1",
                                T0.plusSeconds(3)),
                        new Settlement(
                                SettlementKind.REFUND,
                                "inv_a:refund:2",
                                "inv_a",
                                UsdcAmount.ofMicros(500_000),
                                "cmd_r2",
                                T0.plusSeconds(4))),
                2)));
        // Submission 3 pending (two failed before it); a submitted one with a cost beyond a long; a failed one.
        var signing = trialing.with(b -> b.mandateSignature(new MandateSignature(
                "0xcc00000000000000000000000000000000000003",
                12,
                T0.plusSeconds(3_600),
                RelayedSubmission.pending(3, T0.plusSeconds(1)))));
        var submitted = trialing.with(b -> b.mandateSignature(new MandateSignature(
                "0xcc00000000000000000000000000000000000003",
                24,
                T0.plusSeconds(3_600),
                RelayedSubmission.pending(1, T0.plusSeconds(1))
                        .settled(new RelayerOutcome.Submitted(
                                "0x" + "ef".repeat(32),
                                new RelayerGas(210_987, new BigInteger("98765432109876543210")))))));
        var failed = trialing.with(b -> b.mandateSignature(new MandateSignature(
                "0xcc00000000000000000000000000000000000003",
                1,
                T0.plusSeconds(60),
                RelayedSubmission.pending(2, T0.plusSeconds(1))
                        .settled(new RelayerOutcome.NotSubmitted(
                                "SIGNATURE_EXPIRED", "The signature expired", new RelayerGas(30_000, null))))));
        // The customer portal's actions: revoke 2 mined (a cost beyond a long), then permit 3 pending, the last.
        var portal = busy.with(b -> b.customerActions(new CustomerActions(List.of(
                new CustomerAction(
                        CustomerActionKind.REVOKE,
                        RelayedSubmission.pending(2, T0.plusSeconds(6))
                                .settled(new RelayerOutcome.Submitted(
                                        "0x" + "c4".repeat(32),
                                        new RelayerGas(48_123, new BigInteger("98765432109876543210"))))),
                new CustomerAction(
                        CustomerActionKind.RAISE_ALLOWANCE, RelayedSubmission.pending(3, T0.plusSeconds(7)))))));
        var permitFailed = busy.with(b -> b.customerActions(new CustomerActions(List.of(new CustomerAction(
                CustomerActionKind.RAISE_ALLOWANCE,
                RelayedSubmission.pending(1, T0.plusSeconds(7))
                        .settled(new RelayerOutcome.NotSubmitted(
                                "PERMIT_FAILED", "The token refused the permit", null)))))));
        // A repeating discount and pending prorations with a carried credit; a once discount by fixed amount.
        var period = new Period(T0.plusSeconds(60), Instant.parse("2026-04-30T08:00:00Z"));
        var discounted = busy.with(b -> b.discount(new Discount(
                        "coupon_1",
                        "WELCOME",
                        "promo_1",
                        2_000,
                        null,
                        DiscountDuration.REPEATING,
                        3,
                        T0,
                        Instant.parse("2026-06-30T08:00:00Z")))
                .pendingLines(List.of(
                        InvoiceLine.proration("Unused time on 10 USDC per month", period, -9_000_000),
                        InvoiceLine.proration("Remaining time on 5 USDC per month", period, 4_500_000),
                        InvoiceLine.proration("Remaining time on 0.000001 USDC per month", period, 0),
                        InvoiceLine.proration("Credit from inv_a", period, -1))));
        var once = trialing.with(b -> b.discount(
                new Discount("coupon_2", null, null, null, 5_000_000L, DiscountDuration.ONCE, null, T0, null)));
        // Items: a licensed one, a flat metered one and a tiered one, capped; its renewal waiting for the usage.
        var metered = details(
                        Mode.TEST,
                        new Plan(
                                UsdcAmount.ofMicros(10_000_000),
                                Interval.MONTH,
                                null,
                                "plan_m",
                                List.of(
                                        new SubscriptionItem(
                                                "si_a",
                                                "price_a",
                                                UsageType.LICENSED,
                                                2,
                                                UsdcAmount.ofMicros(5_000_000),
                                                List.of(),
                                                null,
                                                null,
                                                null,
                                                "Seat"),
                                        new SubscriptionItem(
                                                "si_b",
                                                null,
                                                UsageType.METERED,
                                                1,
                                                UsdcAmount.ofMicros(1),
                                                List.of(),
                                                "mtr_b",
                                                "api_call",
                                                "sum",
                                                null),
                                        new SubscriptionItem(
                                                "si_c",
                                                "price_c",
                                                UsageType.METERED,
                                                1,
                                                UsdcAmount.ZERO,
                                                List.of(
                                                        new UsagePricing.Tier(10L, 0, 0),
                                                        new UsagePricing.Tier(null, 3, 1_000_000)),
                                                "mtr_c",
                                                "gb",
                                                "max",
                                                "Storage")),
                                UsdcAmount.ofMicros(75_000_000)),
                        Map.of(),
                        new BillingCycle(new Period(T0, Instant.parse("2026-04-30T08:00:00Z")), T0, null, false),
                        new Mandate(MandateStatus.ACTIVE, "43", UsdcAmount.ofMicros(75_000_000)),
                        List.of(openInvoice("inv_m")),
                        "inv_m")
                .with(b -> b.usageAwaitedFor(Instant.parse("2026-04-30T08:00:00Z")));
        return Stream.of(
                new Active(portal),
                new PastDue(permitFailed),
                new Incomplete(signing),
                new Incomplete(failed),
                new Active(submitted),
                new Incomplete(trialing),
                new Active(settling),
                new Canceled(settling, T0.plusSeconds(8)),
                new Active(busy),
                new PastDue(busy),
                new Paused(busy, T0.plusSeconds(5)),
                new Canceled(busy.withNewInvoice(openInvoice("inv_d")), T0.plusSeconds(9)),
                new Incomplete(details(
                        Mode.TEST,
                        trialing.plan(),
                        Map.of(),
                        trialing.cycle(),
                        new Mandate(MandateStatus.REVOKED, "7"),
                        List.of(),
                        null)),
                new Active(discounted),
                new Incomplete(once),
                new Active(metered),
                new Canceled(metered.with(b -> b.usageAwaitedFor(null)), T0.plusSeconds(10)));
    }

    @ParameterizedTest(name = "{index}: {0}")
    @MethodSource("states")
    void shouldReadBackTheSameStateWhenStoredAndLoaded(Existing state) {
        var stored = SubscriptionSnapshotMapper.write(new Stored<>(17, state));

        var loaded = SubscriptionSnapshotMapper.read(SERDE.decode(SERDE.encode(stored)));

        assertThat(loaded).isEqualTo(new Stored<>(17, state));
        assertThat(stored.getSubscription().getVersion()).isEqualTo(17);
        assertThat(stored.getInvoices())
                .allSatisfy(invoice -> assertThat(invoice.getVersion()).isEqualTo(17));
        assertThat(stored.getRefundCount())
                .isEqualTo(state.details().settlements().refundCount());
        assertThat(stored.getInFlight())
                .hasSameSizeAs(state.details().settlements().inFlight());
    }

    @Test
    void shouldReadAnAggregateStoredBeforeSignedMandatesExistedAsHavingNone() {
        // Stores written before subscribe by signature have neither field: their defaults must read as no submission.
        var stored = SubscriptionSnapshotMapper.write(
                new Stored<>(3, states().toList().get(6)));

        assertThat(stored.getSubscription().getMandateSignature()).isNull();
        assertThat(stored.getMandateSubmissionCount()).isZero();
        assertThat(SubscriptionSnapshotMapper.read(stored).state().details().mandateSignature())
                .isNull();
        assertThat(stored.getSubscription().getCustomerActions()).isEmpty();
        assertThat(SubscriptionSnapshotMapper.read(stored).state().details().customerActions())
                .isEqualTo(CustomerActions.NONE);
    }

    @Test
    void shouldNumberTheLatestSignedMandateByTheStoredCount() {
        var stored = SubscriptionSnapshotMapper.write(
                new Stored<>(3, states().toList().get(2)));

        assertThat(stored.getMandateSubmissionCount()).isEqualTo(3);
        assertThat(SubscriptionSnapshotMapper.read(stored)
                        .state()
                        .details()
                        .mandateSignature()
                        .requestId("sub_x"))
                .isEqualTo("sub_x:mandate:3");
    }

    @Test
    void shouldReadAnAggregateStoredBeforeSettlementsExistedAsHavingNone() {
        // Schema v1 stores had no inFlight/refundCount: their defaults must read as an empty bookkeeping.
        var stored = SubscriptionSnapshotMapper.write(
                new Stored<>(3, states().toList().get(6)));
        var legacy = SubscriptionAggregate.newBuilder(stored)
                .setInFlight(List.of())
                .setRefundCount(0)
                .build();

        assertThat(SubscriptionSnapshotMapper.read(legacy).state().details().settlements())
                .isEqualTo(Settlements.NONE);
    }

    @Test
    void shouldRefuseToLoadWhenASettlementIsForAnInvoiceTheAggregateDoesNotHold() {
        var stored = SubscriptionSnapshotMapper.write(
                new Stored<>(1, states().toList().get(6)));
        var broken = SubscriptionAggregate.newBuilder(stored)
                .setInFlight(List.of(new InFlightSettlement("charge", "inv_zz:1", "inv_zz", 1L, "cmd_x", T0)))
                .build();

        assertThatThrownBy(() -> SubscriptionSnapshotMapper.read(broken))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("inv_zz");
    }

    @Test
    void shouldRefuseToLoadWhenAnActiveSnapshotCarriesPausedAt() {
        var stored = withSubscription(states().toList().get(6), snapshot -> snapshot.setPausedAt(T0));

        assertThatThrownBy(() -> SubscriptionSnapshotMapper.read(stored))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("cannot have pausedAt");
    }

    @Test
    void shouldRefuseToLoadWhenStatusIsUnknown() {
        var stored = withSubscription(states().toList().get(6), snapshot -> snapshot.setStatus("trialing"));

        assertThatThrownBy(() -> SubscriptionSnapshotMapper.read(stored)).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void shouldMapEveryFieldWhenCommandIsCreate() {
        var envelope = CommandEnvelopes.create("cmd_1", "sub_1", T0);

        var command = (Create) instruction(envelope);

        var payload = (CreateSubscription) envelope.getPayload();
        assertThat(command)
                .isEqualTo(new Create(
                        "sub_1",
                        new Tenant(CommandEnvelopes.MERCHANT_ID, Mode.TEST),
                        T0,
                        payload.getInvoiceId(),
                        new Plan(UsdcAmount.ofMicros(payload.getAmountMicros()), Interval.MONTH, null, null),
                        0,
                        new Wallets(payload.getWalletAddress(), payload.getPayoutAddress()),
                        payload.getMerchantRef(),
                        Map.of("source", "test"),
                        null,
                        null,
                        null));
    }

    @Test
    void shouldWriteItemsAndMaximumToTheSnapshotAndTheAwaitedUsageToTheStoreWhenMetered() {
        var metered = (Active) states().toList().get(15);

        var stored = SubscriptionSnapshotMapper.write(new Stored<>(5, metered));

        var snapshot = stored.getSubscription();
        assertThat(snapshot.getItems())
                .extracting(SubscriptionItemPart::getItemId, SubscriptionItemPart::getUsageType)
                .containsExactly(tuple("si_a", "licensed"), tuple("si_b", "metered"), tuple("si_c", "metered"));
        assertThat(snapshot.getItems().get(2).getTiers())
                .containsExactly(new PriceTierPart(10L, 0L, 0L), new PriceTierPart(null, 3L, 1_000_000L));
        assertThat(snapshot.getMaxAmountPerPeriodMicros()).isEqualTo(75_000_000L);
        assertThat(stored.getUsageAwaitedFor()).isEqualTo(Instant.parse("2026-04-30T08:00:00Z"));
        // A subscription without items: none, no maximum, nothing awaited (as stores written before items read).
        var plain = SubscriptionSnapshotMapper.write(
                new Stored<>(5, states().toList().get(8)));
        assertThat(plain.getSubscription().getItems()).isEmpty();
        assertThat(plain.getSubscription().getMaxAmountPerPeriodMicros()).isNull();
        assertThat(plain.getUsageAwaitedFor()).isNull();
    }

    @Test
    void shouldMapItemsAndMaximumWhenCreateHasThem() {
        var envelope = CommandEnvelopes.metered("cmd_1", "sub_1", T0);

        var command = (Create) instruction(envelope);

        var plan = command.plan();
        assertThat(plan.amount()).isEqualTo(UsdcAmount.ofMicros(10_000_000));
        assertThat(plan.maxAmountPerPeriod()).isEqualTo(UsdcAmount.ofMicros(50_000_000));
        assertThat(plan.mandateAmount()).isEqualTo(UsdcAmount.ofMicros(50_000_000));
        assertThat(plan.items())
                .extracting(SubscriptionItem::itemId, SubscriptionItem::usageType, SubscriptionItem::quantity)
                .containsExactly(
                        tuple("si_seat", UsageType.LICENSED, 2L),
                        tuple(CommandEnvelopes.FLAT_ITEM_ID, UsageType.METERED, 1L),
                        tuple(CommandEnvelopes.TIERED_ITEM_ID, UsageType.METERED, 1L));
        var tiered = plan.items().get(2);
        assertThat(tiered.tiers())
                .containsExactly(new UsagePricing.Tier(100L, 0, 0), new UsagePricing.Tier(null, 50_000, 1_000_000));
        assertThat(tiered.meterId()).isEqualTo("mtr_storage");
        assertThat(tiered.eventName()).isEqualTo("storage_gb");
        assertThat(tiered.aggregation()).isEqualTo("max");
        assertThat(tiered.description()).isEqualTo("Storage");
        assertThat(plan.items().get(1).unitAmount()).isEqualTo(UsdcAmount.ofMicros(2_000));
    }

    @Test
    void shouldMapRecordUsageWithItsPeriodAndQuantities() {
        var envelope = CommandEnvelopes.command(
                "cmd_close:usage:recorded",
                "sub_1",
                T0,
                new RecordUsage(
                        T0.minusSeconds(3_600),
                        T0,
                        List.of(
                                new UsageQuantity("si_flat", "mtr_calls", 42L, 40L),
                                new UsageQuantity("si_x", "m", 0L, 0L))));

        var command = (SubscriptionInstruction.RecordUsage) instruction(envelope);

        assertThat(command.periodStart()).isEqualTo(T0.minusSeconds(3_600));
        assertThat(command.periodEnd()).isEqualTo(T0);
        assertThat(command.commandId()).isEqualTo("cmd_close:usage:recorded");
        assertThat(command.quantityOf("si_flat")).isEqualTo(42);
        assertThat(command.quantityOf("si_x")).isZero();
        assertThat(command.quantityOf("si_unknown")).isZero();
    }

    @Test
    void shouldThrowWhenIntervalIsUnknown() {
        var envelope = CommandEnvelopes.withInterval(CommandEnvelopes.create("cmd_1", "sub_1", T0), "weekly");

        assertThatThrownBy(() -> instruction(envelope))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("weekly");
    }

    private static SubscriptionAggregate withSubscription(
            Existing state, UnaryOperator<SubscriptionSnapshot.Builder> change) {
        var stored = SubscriptionSnapshotMapper.write(new Stored<>(1, state));
        return SubscriptionAggregate.newBuilder(stored)
                .setSubscription(change.apply(SubscriptionSnapshot.newBuilder(stored.getSubscription()))
                        .build())
                .build();
    }

    private static SubscriptionDetails details(
            Mode mode,
            Plan plan,
            Map<String, String> metadata,
            BillingCycle cycle,
            Mandate mandate,
            List<Invoice> invoices,
            String latestInvoiceId) {
        return new SubscriptionDetails(
                "sub_x",
                new Tenant("mer_x", mode),
                plan,
                new Wallets("0xAbC0000000000000000000000000000000000001", "0xaBc0000000000000000000000000000000000002"),
                "ref-1",
                metadata,
                mode == Mode.LIVE ? "https://ok.example" : null,
                mode == Mode.LIVE ? "https://cancel.example" : null,
                cycle,
                mandate,
                invoices,
                latestInvoiceId,
                T0,
                Settlements.NONE,
                null,
                CustomerActions.NONE,
                null,
                null,
                List.of(),
                null);
    }

    private static Invoice openInvoice(String id) {
        return Invoice.open(
                id,
                List.of(line(InvoiceLineKind.SUBSCRIPTION, 5_000_000, false)),
                BillingReason.SUBSCRIPTION_CYCLE,
                new Period(T0, T0.plusSeconds(60)),
                T0,
                T0);
    }

    private static Invoice paidAndPartlyRefunded(String id) {
        return new Invoice(
                id,
                InvoiceStatus.PAID,
                UsdcAmount.ofMicros(5_000_000),
                List.of(
                        line(InvoiceLineKind.SUBSCRIPTION, 6_000_000, false),
                        line(InvoiceLineKind.DISCOUNT, 1_000_000, true)),
                UsdcAmount.ofMicros(1_500_000),
                BillingReason.SUBSCRIPTION_CREATE,
                new Period(T0, T0.plusSeconds(60)),
                T0,
                1,
                null,
                null,
                T0.plusSeconds(1),
                "0x" + "ab".repeat(32),
                new RelayerGas(48_123, new BigInteger("96246000000000")),
                "0x" + "cd".repeat(32),
                T0.plusSeconds(2),
                null,
                T0,
                null);
    }

    private static Invoice failedWithRetry(String id) {
        return new Invoice(
                id,
                InvoiceStatus.OPEN,
                UsdcAmount.ofMicros(5_000_000),
                List.of(
                        line(InvoiceLineKind.SUBSCRIPTION, 4_000_000, false),
                        line(InvoiceLineKind.PRORATION, 2_500_000, false),
                        line(InvoiceLineKind.PRORATION, 1_500_000, true)),
                UsdcAmount.ZERO,
                BillingReason.SUBSCRIPTION_RESUME,
                new Period(T0, T0.plusSeconds(60)),
                T0,
                2,
                T0.plusSeconds(172_800),
                new ChargeFailure("INSUFFICIENT_BALANCE", "balance too low"),
                null,
                null,
                null,
                null,
                null,
                null,
                T0,
                null);
    }

    /** A line of one unit over the invoices' period; {@code credit}: taken off the invoice. */
    private static InvoiceLine line(InvoiceLineKind kind, long micros, boolean credit) {
        var amount = UsdcAmount.ofMicros(micros);
        return new InvoiceLine(
                kind, kind.apiName() + " line", new Period(T0, T0.plusSeconds(60)), 1, amount, amount, credit);
    }

    /** The instruction {@code envelope} asks for, with the header the command processor reads from it. */
    private static SubscriptionInstruction instruction(SubscriptionCommand envelope) {
        return SubscriptionInstructionMapper.toInstruction(CommandHeader.of(envelope), envelope.getPayload());
    }
}
