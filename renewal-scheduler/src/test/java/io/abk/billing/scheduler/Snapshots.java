package io.abk.billing.scheduler;

import io.abk.billing.schemas.avro.Change;
import io.abk.billing.schemas.avro.InvoiceSnapshot;
import io.abk.billing.schemas.avro.Mode;
import io.abk.billing.schemas.avro.Outcome;
import io.abk.billing.schemas.avro.PaymentLinkSnapshot;
import io.abk.billing.schemas.avro.PaymentSnapshot;
import io.abk.billing.schemas.avro.Rejection;
import io.abk.billing.schemas.avro.SubscriptionSnapshot;
import io.abk.billing.schemas.avro.TestClock;
import java.time.Instant;
import java.util.List;
import java.util.UUID;
import org.jspecify.annotations.Nullable;

/** Changes as billing-streams writes them, with just the snapshot fields the scheduler reads varied. */
public final class Snapshots {

    public static final String MERCHANT = "mer_01jvqz00000000000000000001";
    public static final String OTHER_MERCHANT = "mer_01jvqz00000000000000000002";
    private static final String WALLET = "0x00000000000000000000000000000000000000aa";

    private Snapshots() {}

    public static SubscriptionSnapshot.Builder subscription(
            String id, Mode mode, long version, String status, Instant periodEnd) {
        return SubscriptionSnapshot.newBuilder()
                .setId(id)
                .setMerchantId(MERCHANT)
                .setMode(mode)
                .setVersion(version)
                .setStatus(status)
                .setAmountMicros(9_990_000)
                .setInterval("month")
                .setWalletAddress(WALLET)
                .setPayoutAddress(WALLET)
                .setMerchantRef("ref")
                .setCurrentPeriodStart(periodEnd.minusSeconds(86_400 * 28))
                .setCurrentPeriodEnd(periodEnd)
                .setBillingCycleAnchor(periodEnd)
                .setCancelAtPeriodEnd(false)
                .setMandateStatus("active")
                .setCreatedAt(periodEnd.minusSeconds(86_400 * 28));
    }

    public static InvoiceSnapshot.Builder invoice(
            String id, String subscriptionId, Mode mode, long version, String status, Instant dueAt) {
        return InvoiceSnapshot.newBuilder()
                .setId(id)
                .setSubscriptionId(subscriptionId)
                .setMerchantId(MERCHANT)
                .setMode(mode)
                .setVersion(version)
                .setStatus(status)
                .setAmountMicros(9_990_000)
                .setBillingReason("subscription_create")
                .setPeriodStart(dueAt)
                .setPeriodEnd(dueAt.plusSeconds(86_400 * 30))
                .setDueAt(dueAt)
                .setCreatedAt(dueAt);
    }

    public static PaymentSnapshot.Builder payment(
            String id, Mode mode, long version, String status, Instant expiresAt) {
        return PaymentSnapshot.newBuilder()
                .setId(id)
                .setMerchantId(MERCHANT)
                .setMode(mode)
                .setVersion(version)
                .setStatus(status)
                .setAmountMicros(1_000_000)
                .setPayoutAddress(WALLET)
                .setMerchantRef("ref")
                .setCheckoutUrl("http://localhost/checkout/pay/" + id)
                .setExpiresAt(expiresAt)
                .setCreatedAt(expiresAt.minusSeconds(86_400));
    }

    public static PaymentLinkSnapshot.Builder link(
            String id, Mode mode, long version, String status, @Nullable Instant expiresAt) {
        return PaymentLinkSnapshot.newBuilder()
                .setId(id)
                .setMerchantId(MERCHANT)
                .setMode(mode)
                .setVersion(version)
                .setStatus(status)
                .setAmountMicros(1_000_000)
                .setMerchantRefPrefix("ref")
                .setPayoutAddress(WALLET)
                .setUrl("http://localhost/checkout/link/" + id)
                .setExpiresAt(expiresAt)
                .setCreatedAt(Instant.parse("2026-01-01T00:00:00Z"));
    }

    /** An accepted change of {@code aggregateId} carrying {@code snapshots}. */
    public static Change accepted(String aggregateType, String aggregateId, Mode mode, Object... snapshots) {
        return change(aggregateType, aggregateId, mode, Outcome.ACCEPTED, null, List.of(snapshots));
    }

    public static Change rejected(String aggregateType, String aggregateId, Mode mode) {
        return change(
                aggregateType,
                aggregateId,
                mode,
                Outcome.REJECTED,
                new Rejection("subscription_cancel_failed", "no"),
                List.of());
    }

    public static TestClock clock(String merchantId, @Nullable Instant frozenAt, long version) {
        var at = Instant.parse("2026-01-01T00:00:00Z");
        return TestClock.newBuilder()
                .setMerchantId(merchantId)
                .setFrozenAt(frozenAt)
                .setVersion(version)
                .setCreatedAt(at)
                .setUpdatedAt(at)
                .build();
    }

    private static Change change(
            String aggregateType,
            String aggregateId,
            Mode mode,
            Outcome outcome,
            @Nullable Rejection rejection,
            List<Object> snapshots) {
        return Change.newBuilder()
                .setCommandId("cmd_" + UUID.randomUUID())
                .setAggregateType(aggregateType)
                .setAggregateId(aggregateId)
                .setMerchantId(MERCHANT)
                .setMode(mode)
                .setRequestedAt(Instant.parse("2026-01-01T00:00:00Z"))
                .setOutcome(outcome)
                .setRejection(rejection)
                .setSnapshots(snapshots)
                .setEventIds(List.of())
                .setFollowUpCommandId(null)
                .build();
    }
}
