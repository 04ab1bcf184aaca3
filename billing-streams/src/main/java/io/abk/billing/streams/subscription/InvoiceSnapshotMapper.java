package io.abk.billing.streams.subscription;

import io.abk.billing.schemas.avro.InvoiceLineSnapshot;
import io.abk.billing.schemas.avro.InvoiceSnapshot;
import io.abk.billing.schemas.avro.SubscriptionSnapshot;
import io.abk.billing.schemas.mode.ModeMapper;
import io.abk.billing.schemas.money.UsdcAmount;
import io.abk.billing.schemas.render.InvoiceLines;
import io.abk.billing.streams.shared.domain.RelayerGas;
import io.abk.billing.streams.subscription.domain.BillingReason;
import io.abk.billing.streams.subscription.domain.ChargeFailure;
import io.abk.billing.streams.subscription.domain.Invoice;
import io.abk.billing.streams.subscription.domain.InvoiceFinalization;
import io.abk.billing.streams.subscription.domain.InvoiceLine;
import io.abk.billing.streams.subscription.domain.InvoiceLineKind;
import io.abk.billing.streams.subscription.domain.InvoiceStatus;
import io.abk.billing.streams.subscription.domain.Period;
import io.abk.billing.streams.subscription.domain.SubscriptionDetails;
import org.jspecify.annotations.Nullable;

/**
 * One invoice of a subscription to and from its Avro snapshot, for {@link SubscriptionSnapshotMapper} (the aggregate's
 * invoices), the events that carry an invoice and {@link SettledInvoiceStore}. An invoice stored before invoices had
 * lines reads as the one line {@link InvoiceLines} derives, the line the API shows for it. Reading is strict, as the
 * aggregate's: an invoice of another subscription, an unknown status, kind or reason, or sums that disagree with the
 * lines throw.
 */
final class InvoiceSnapshotMapper {

    private InvoiceSnapshotMapper() {}

    static InvoiceSnapshot snapshot(Invoice invoice, SubscriptionDetails owner, long version) {
        var failure = invoice.lastFailure();
        var finalization = invoice.finalization();
        return InvoiceSnapshot.newBuilder()
                .setId(invoice.id())
                .setSubscriptionId(owner.id())
                .setMerchantId(owner.tenant().merchantId())
                .setMode(ModeMapper.toAvro(owner.tenant().mode()))
                .setVersion(version)
                .setStatus(invoice.status().apiName())
                .setAmountMicros(invoice.amount().micros())
                .setAmountRefundedMicros(invoice.amountRefunded().micros())
                .setBillingReason(invoice.billingReason().apiName())
                .setPeriodStart(invoice.period().start())
                .setPeriodEnd(invoice.period().end())
                .setDueAt(invoice.dueAt())
                .setAttemptCount(invoice.attemptCount())
                .setNextAttemptAt(invoice.nextAttemptAt())
                .setFailureCode(failure == null ? null : failure.code())
                .setFailureMessage(failure == null ? null : failure.message())
                .setPaidAt(invoice.paidAt())
                .setTxHash(invoice.txHash())
                .setGasUsed(invoice.gas() == null ? null : invoice.gas().used())
                .setGasCostWei(invoice.gas() == null ? null : invoice.gas().costWeiText())
                .setRefundTxHash(invoice.refundTxHash())
                .setRefundedAt(invoice.refundedAt())
                .setVoidedAt(invoice.voidedAt())
                .setCreatedAt(invoice.createdAt())
                .setCustomerId(SubscriptionSnapshotMapper.customerId(owner))
                .setLines(invoice.lines().stream()
                        .map(InvoiceSnapshotMapper::lineSnapshot)
                        .toList())
                .setSubtotalMicros(invoice.subtotal().micros())
                .setDiscountMicros(invoice.discount().micros())
                .setNumber(finalization == null ? null : finalization.number())
                .setFinalizedAt(finalization == null ? null : finalization.finalizedAt())
                .setHostedInvoiceUrl(finalization == null ? null : finalization.hostedInvoiceUrl())
                .build();
    }

    static Invoice invoice(InvoiceSnapshot i, SubscriptionSnapshot owner) {
        if (!i.getSubscriptionId().equals(owner.getId())
                || !i.getMerchantId().equals(owner.getMerchantId())
                || i.getMode() != owner.getMode()) {
            throw new IllegalArgumentException(
                    "invoice " + i.getId() + " does not belong to subscription " + owner.getId());
        }
        var invoice = new Invoice(
                i.getId(),
                InvoiceStatus.fromApiName(i.getStatus()),
                UsdcAmount.ofMicros(i.getAmountMicros()),
                InvoiceLines.of(i).stream().map(InvoiceSnapshotMapper::line).toList(),
                UsdcAmount.ofMicros(i.getAmountRefundedMicros()),
                BillingReason.fromApiName(i.getBillingReason()),
                new Period(i.getPeriodStart(), i.getPeriodEnd()),
                i.getDueAt(),
                i.getAttemptCount(),
                i.getNextAttemptAt(),
                failure(i),
                i.getPaidAt(),
                i.getTxHash(),
                RelayerGas.of(i.getGasUsed(), i.getGasCostWei()),
                i.getRefundTxHash(),
                i.getRefundedAt(),
                i.getVoidedAt(),
                i.getCreatedAt(),
                finalization(i));
        if (invoice.subtotal().micros() != InvoiceLines.subtotalMicros(i)
                || invoice.discount().micros() != i.getDiscountMicros()) {
            throw new IllegalArgumentException("invoice " + i.getId() + " has a subtotal or discount its lines"
                    + " do not add up to: " + i.getSubtotalMicros() + " - " + i.getDiscountMicros());
        }
        return invoice;
    }

    static InvoiceLineSnapshot lineSnapshot(InvoiceLine line) {
        return InvoiceLineSnapshot.newBuilder()
                .setKind(line.kind().apiName())
                .setDescription(line.description())
                .setPeriodStart(line.period().start())
                .setPeriodEnd(line.period().end())
                .setQuantity(line.quantity())
                .setUnitAmountMicros(line.signedUnitMicros())
                .setAmountMicros(line.signedMicros())
                .build();
    }

    /** A line read back: a negative amount, or any discount, takes its amount off the invoice. */
    static InvoiceLine line(InvoiceLineSnapshot l) {
        var kind = InvoiceLineKind.fromApiName(l.getKind());
        var credit = kind == InvoiceLineKind.DISCOUNT || l.getAmountMicros() < 0;
        if (l.getUnitAmountMicros() != 0 && (l.getUnitAmountMicros() < 0) != credit) {
            throw new IllegalArgumentException("an invoice line's unit amount " + l.getUnitAmountMicros()
                    + " has the other sign than its amount " + l.getAmountMicros());
        }
        return new InvoiceLine(
                kind,
                l.getDescription(),
                new Period(l.getPeriodStart(), l.getPeriodEnd()),
                l.getQuantity(),
                UsdcAmount.ofMicros(Math.absExact(l.getUnitAmountMicros())),
                UsdcAmount.ofMicros(Math.absExact(l.getAmountMicros())),
                credit);
    }

    /** A number, its time and its page come together (the numbering sets them at once), else the invoice has none. */
    private static @Nullable InvoiceFinalization finalization(InvoiceSnapshot i) {
        var number = i.getNumber();
        var finalizedAt = i.getFinalizedAt();
        var url = i.getHostedInvoiceUrl();
        if (number == null && finalizedAt == null && url == null) {
            return null;
        }
        if (number == null || finalizedAt == null || url == null) {
            throw new IllegalArgumentException(
                    "invoice " + i.getId() + " has a number, finalizedAt or hostedInvoiceUrl without the others");
        }
        return new InvoiceFinalization(number, finalizedAt, url);
    }

    private static @Nullable ChargeFailure failure(InvoiceSnapshot i) {
        var code = i.getFailureCode();
        var message = i.getFailureMessage();
        if (code == null && message == null) {
            return null;
        }
        if (code == null || message == null) {
            throw new IllegalArgumentException(
                    "invoice " + i.getId() + " has a failure code or message without the other");
        }
        return new ChargeFailure(code, message);
    }
}
