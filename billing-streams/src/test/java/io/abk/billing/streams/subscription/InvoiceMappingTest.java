package io.abk.billing.streams.subscription;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.tuple;

import io.abk.billing.schemas.avro.InvoiceLineSnapshot;
import io.abk.billing.schemas.avro.InvoiceSnapshot;
import io.abk.billing.schemas.avro.SubscriptionSnapshot;
import io.abk.billing.schemas.money.UsdcAmount;
import io.abk.billing.schemas.render.InvoiceLines;
import io.abk.billing.streams.subscription.domain.Invoice;
import io.abk.billing.streams.subscription.domain.InvoiceFinalization;
import io.abk.billing.streams.subscription.domain.InvoiceLine;
import io.abk.billing.streams.subscription.domain.InvoiceLineKind;
import io.abk.billing.streams.subscription.domain.SubscriptionState.Existing;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;

/** An invoice's lines and sums to and from its snapshot, and an invoice stored before lines existed. */
class InvoiceMappingTest {

    /** A subscription holding a paid invoice of 6 USDC less a 1 USDC discount, as {@link MappingRoundTripTest} has. */
    private static final Existing OWNER = MappingRoundTripTest.states().toList().get(8);

    private static final Invoice DISCOUNTED = OWNER.details().invoices().getFirst();

    @Test
    void shouldWriteSignedLinesAndTheSumsWhenTheInvoiceHasADiscount() {
        var snapshot = InvoiceSnapshotMapper.snapshot(DISCOUNTED, OWNER.details(), 4);

        assertThat(snapshot.getAmountMicros()).isEqualTo(5_000_000L);
        assertThat(snapshot.getLines())
                .extracting(InvoiceLineSnapshot::getKind, InvoiceLineSnapshot::getAmountMicros)
                .containsExactly(tuple("subscription", 6_000_000L), tuple("discount", -1_000_000L));
        assertThat(snapshot.getSubtotalMicros()).isEqualTo(6_000_000L);
        assertThat(snapshot.getDiscountMicros()).isEqualTo(1_000_000L);
        assertThat(InvoiceSnapshotMapper.invoice(snapshot, owner())).isEqualTo(DISCOUNTED);
    }

    @Test
    void shouldWriteAndReadTheNumberWhenTheInvoiceIsFinalized() {
        var finalization = new InvoiceFinalization(
                "ACME-000007", Instant.parse("2026-02-01T10:00:00.004Z"), "https://pay.example/invoice/tok");
        var finalized = DISCOUNTED.finalized(finalization);

        var snapshot = InvoiceSnapshotMapper.snapshot(finalized, OWNER.details(), 5);

        assertThat(snapshot.getNumber()).isEqualTo("ACME-000007");
        assertThat(snapshot.getFinalizedAt()).isEqualTo(finalization.finalizedAt());
        assertThat(snapshot.getHostedInvoiceUrl()).isEqualTo(finalization.hostedInvoiceUrl());
        assertThat(InvoiceSnapshotMapper.invoice(snapshot, owner())).isEqualTo(finalized);
        assertThat(InvoiceSnapshotMapper.snapshot(DISCOUNTED, OWNER.details(), 4)
                        .getNumber())
                .isNull();
    }

    @Test
    void shouldRefuseToReadANumberWithoutItsPage() {
        var snapshot = InvoiceSnapshot.newBuilder(InvoiceSnapshotMapper.snapshot(DISCOUNTED, OWNER.details(), 4))
                .setNumber("ACME-000007")
                .build();

        assertThatThrownBy(() -> InvoiceSnapshotMapper.invoice(snapshot, owner()))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("without the others");
    }

    @Test
    void shouldReadTheLineTheApiShowsWhenTheInvoiceWasStoredWithoutLines() {
        var stored = storedWithoutLines(InvoiceSnapshotMapper.snapshot(DISCOUNTED, OWNER.details(), 4));

        var invoice = InvoiceSnapshotMapper.invoice(stored, owner());

        assertThat(invoice.lines())
                .containsExactly(new InvoiceLine(
                        InvoiceLineKind.SUBSCRIPTION,
                        "5 USDC for 2026-03-31 to 2026-03-31",
                        DISCOUNTED.period(),
                        1,
                        UsdcAmount.ofMicros(5_000_000),
                        UsdcAmount.ofMicros(5_000_000),
                        false));
        assertThat(invoice.subtotal()).isEqualTo(invoice.amount());
        assertThat(invoice.discount()).isEqualTo(UsdcAmount.ZERO);
        // Written again, it stores the very line the API rendered for it while it had none.
        assertThat(InvoiceSnapshotMapper.snapshot(invoice, OWNER.details(), 5).getLines())
                .isEqualTo(InvoiceLines.of(stored));
    }

    @Test
    void shouldRefuseToReadWhenTheStoredSubtotalDisagreesWithTheLines() {
        var snapshot = InvoiceSnapshotMapper.snapshot(DISCOUNTED, OWNER.details(), 4);
        var broken = InvoiceSnapshot.newBuilder(snapshot)
                .setSubtotalMicros(5_000_000L)
                .build();

        assertThatThrownBy(() -> InvoiceSnapshotMapper.invoice(broken, owner()))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("subtotal");
    }

    @Test
    void shouldRefuseAnInvoiceWhenItsLinesDoNotSumToItsAmount() {
        var line = new InvoiceLine(
                InvoiceLineKind.SUBSCRIPTION,
                "12 USDC per month",
                DISCOUNTED.period(),
                1,
                UsdcAmount.ofMicros(12_000_000),
                UsdcAmount.ofMicros(12_000_000),
                false);

        assertThatThrownBy(() -> copyWithLines(line))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("lines summing to 12000000");
    }

    @Test
    void shouldRefuseADiscountLineWhenItWouldAddToTheInvoice() {
        assertThatThrownBy(() -> new InvoiceLine(
                        InvoiceLineKind.DISCOUNT,
                        "Welcome offer",
                        DISCOUNTED.period(),
                        1,
                        UsdcAmount.ofMicros(1),
                        UsdcAmount.ofMicros(1),
                        false))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("must take its amount off");
    }

    private static Invoice copyWithLines(InvoiceLine line) {
        var i = DISCOUNTED;
        return new Invoice(
                i.id(),
                i.status(),
                i.amount(),
                List.of(line),
                i.amountRefunded(),
                i.billingReason(),
                i.period(),
                i.dueAt(),
                i.attemptCount(),
                i.nextAttemptAt(),
                i.lastFailure(),
                i.paidAt(),
                i.txHash(),
                i.gas(),
                i.refundTxHash(),
                i.refundedAt(),
                i.voidedAt(),
                i.createdAt(),
                null);
    }

    private static InvoiceSnapshot storedWithoutLines(InvoiceSnapshot snapshot) {
        return InvoiceSnapshot.newBuilder(snapshot)
                .setLines(List.of())
                .setSubtotalMicros(null)
                .setDiscountMicros(0)
                .build();
    }

    private static SubscriptionSnapshot owner() {
        return SubscriptionSnapshotMapper.snapshot(OWNER, 4);
    }
}
