package io.abk.billing.streams.subscription;

import io.abk.billing.schemas.avro.InvoiceSnapshot;
import io.abk.billing.schemas.avro.SubscriptionSnapshot;
import io.abk.billing.schemas.mode.ModeMapper;
import io.abk.billing.streams.domain.subscription.Invoice;
import io.abk.billing.streams.domain.subscription.Statuses;
import io.abk.billing.streams.domain.subscription.SubscriptionDetails;
import io.abk.billing.streams.domain.subscription.SubscriptionState.Canceled;
import io.abk.billing.streams.domain.subscription.SubscriptionState.Existing;
import io.abk.billing.streams.domain.subscription.SubscriptionState.Paused;
import java.time.Instant;
import org.jspecify.annotations.Nullable;

/**
 * Domain state to the snapshots the API renders (the inverse is {@link SnapshotReader}). Every snapshot written
 * for one command carries the same {@code version}: the aggregate's sequence after that command.
 */
final class SnapshotMapper {

    private SnapshotMapper() {}

    static SubscriptionSnapshot subscription(Existing state, long version) {
        var d = state.details();
        var cycle = d.cycle();
        return SubscriptionSnapshot.newBuilder()
                .setId(d.id())
                .setMerchantId(d.tenant().merchantId())
                .setMode(ModeMapper.toAvro(d.tenant().mode()))
                .setVersion(version)
                .setStatus(status(state))
                .setAmountMicros(d.plan().amount().micros())
                .setInterval(d.plan().interval().apiName())
                .setWalletAddress(d.wallets().customer())
                .setPayoutAddress(d.wallets().payout())
                .setMerchantRef(d.merchantRef())
                .setPriceId(d.plan().priceId())
                .setPlanId(d.plan().planId())
                .setMetadata(d.metadata())
                .setSuccessUrl(d.successUrl())
                .setCancelUrl(d.cancelUrl())
                .setCurrentPeriodStart(cycle.currentPeriod().start())
                .setCurrentPeriodEnd(cycle.currentPeriod().end())
                .setBillingCycleAnchor(cycle.anchor())
                .setTrialEnd(cycle.trialEnd())
                .setCancelAtPeriodEnd(cycle.cancelAtPeriodEnd())
                .setMandateStatus(d.mandate().status().apiName())
                .setOnChainSubscriptionId(d.mandate().onChainSubscriptionId())
                .setLatestInvoiceId(d.latestInvoiceId())
                .setCreatedAt(d.createdAt())
                .setCanceledAt(canceledAt(state))
                .setPausedAt(pausedAt(state))
                .build();
    }

    static InvoiceSnapshot invoice(Invoice invoice, SubscriptionDetails owner, long version) {
        var failure = invoice.lastFailure();
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
                .setRefundTxHash(invoice.refundTxHash())
                .setRefundedAt(invoice.refundedAt())
                .setVoidedAt(invoice.voidedAt())
                .setCreatedAt(invoice.createdAt())
                .build();
    }

    /** The API name of a state's status; {@link SnapshotReader} reads it back. */
    static String status(Existing state) {
        return Statuses.name(state);
    }

    private static @Nullable Instant canceledAt(Existing state) {
        return state instanceof Canceled canceled ? canceled.canceledAt() : null;
    }

    private static @Nullable Instant pausedAt(Existing state) {
        return state instanceof Paused paused ? paused.pausedAt() : null;
    }
}
