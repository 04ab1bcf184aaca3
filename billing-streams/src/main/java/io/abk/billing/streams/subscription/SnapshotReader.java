package io.abk.billing.streams.subscription;

import io.abk.billing.schemas.avro.InvoiceSnapshot;
import io.abk.billing.schemas.avro.SubscriptionSnapshot;
import io.abk.billing.schemas.mode.ModeMapper;
import io.abk.billing.schemas.money.UsdcAmount;
import io.abk.billing.streams.domain.subscription.BillingCycle;
import io.abk.billing.streams.domain.subscription.BillingReason;
import io.abk.billing.streams.domain.subscription.ChargeFailure;
import io.abk.billing.streams.domain.subscription.Interval;
import io.abk.billing.streams.domain.subscription.Invoice;
import io.abk.billing.streams.domain.subscription.InvoiceStatus;
import io.abk.billing.streams.domain.subscription.Mandate;
import io.abk.billing.streams.domain.subscription.MandateStatus;
import io.abk.billing.streams.domain.subscription.Period;
import io.abk.billing.streams.domain.subscription.Plan;
import io.abk.billing.streams.domain.subscription.Settlements;
import io.abk.billing.streams.domain.subscription.SubscriptionDetails;
import io.abk.billing.streams.domain.subscription.SubscriptionState.Active;
import io.abk.billing.streams.domain.subscription.SubscriptionState.Canceled;
import io.abk.billing.streams.domain.subscription.SubscriptionState.Existing;
import io.abk.billing.streams.domain.subscription.SubscriptionState.Incomplete;
import io.abk.billing.streams.domain.subscription.SubscriptionState.PastDue;
import io.abk.billing.streams.domain.subscription.SubscriptionState.Paused;
import io.abk.billing.streams.domain.subscription.Wallets;
import io.abk.billing.streams.domain.tenant.Tenant;
import java.time.Instant;
import java.util.List;
import org.jspecify.annotations.Nullable;

/**
 * Snapshots back to domain state: the inverse of {@link SnapshotMapper}. Strict: a snapshot the domain cannot
 * represent (an unknown status or interval, a paused time on an active subscription, an invoice of another
 * subscription) throws, because it can only come from a bug, and the record goes to the dead-letter topic.
 */
final class SnapshotReader {

    private SnapshotReader() {}

    static Existing state(SubscriptionSnapshot s, List<InvoiceSnapshot> invoiceSnapshots, Settlements settlements) {
        var tenant = new Tenant(s.getMerchantId(), ModeMapper.toDomain(s.getMode()));
        var invoices = invoiceSnapshots.stream().map(i -> invoice(i, s)).toList();
        var details = new SubscriptionDetails(
                s.getId(),
                tenant,
                new Plan(
                        UsdcAmount.ofMicros(s.getAmountMicros()),
                        Interval.fromApiName(s.getInterval()),
                        s.getPriceId(),
                        s.getPlanId()),
                new Wallets(s.getWalletAddress(), s.getPayoutAddress()),
                s.getMerchantRef(),
                s.getMetadata(),
                s.getSuccessUrl(),
                s.getCancelUrl(),
                new BillingCycle(
                        new Period(s.getCurrentPeriodStart(), s.getCurrentPeriodEnd()),
                        s.getBillingCycleAnchor(),
                        s.getTrialEnd(),
                        s.getCancelAtPeriodEnd()),
                new Mandate(MandateStatus.fromApiName(s.getMandateStatus()), s.getOnChainSubscriptionId()),
                invoices,
                s.getLatestInvoiceId(),
                s.getCreatedAt(),
                settlements);
        var status = s.getStatus();
        onlyWhen(s.getPausedAt(), "paused".equals(status), "pausedAt", s);
        onlyWhen(s.getCanceledAt(), "canceled".equals(status), "canceledAt", s);
        return switch (status) {
            case "incomplete" -> new Incomplete(details);
            case "active" -> new Active(details);
            case "past_due" -> new PastDue(details);
            case "paused" -> new Paused(details, present(s.getPausedAt()));
            case "canceled" -> new Canceled(details, present(s.getCanceledAt()));
            default ->
                throw new IllegalArgumentException("subscription " + s.getId() + " has unknown status " + status);
        };
    }

    static Invoice invoice(InvoiceSnapshot i, SubscriptionSnapshot owner) {
        if (!i.getSubscriptionId().equals(owner.getId())
                || !i.getMerchantId().equals(owner.getMerchantId())
                || i.getMode() != owner.getMode()) {
            throw new IllegalArgumentException(
                    "invoice " + i.getId() + " does not belong to subscription " + owner.getId());
        }
        return new Invoice(
                i.getId(),
                InvoiceStatus.fromApiName(i.getStatus()),
                UsdcAmount.ofMicros(i.getAmountMicros()),
                UsdcAmount.ofMicros(i.getAmountRefundedMicros()),
                BillingReason.fromApiName(i.getBillingReason()),
                new Period(i.getPeriodStart(), i.getPeriodEnd()),
                i.getDueAt(),
                i.getAttemptCount(),
                i.getNextAttemptAt(),
                failure(i),
                i.getPaidAt(),
                i.getTxHash(),
                i.getRefundTxHash(),
                i.getRefundedAt(),
                i.getVoidedAt(),
                i.getCreatedAt());
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

    private static void onlyWhen(@Nullable Instant value, boolean allowed, String field, SubscriptionSnapshot s) {
        if ((value != null) != allowed) {
            throw new IllegalArgumentException("subscription " + s.getId() + " with status " + s.getStatus()
                    + (allowed ? " lacks " : " cannot have ") + field);
        }
    }

    private static Instant present(@Nullable Instant value) {
        if (value == null) {
            throw new IllegalStateException("checked by onlyWhen");
        }
        return value;
    }
}
