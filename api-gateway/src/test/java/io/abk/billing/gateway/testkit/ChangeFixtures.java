package io.abk.billing.gateway.testkit;

import io.abk.billing.schemas.avro.Change;
import io.abk.billing.schemas.avro.CreateSubscription;
import io.abk.billing.schemas.avro.InvoiceSnapshot;
import io.abk.billing.schemas.avro.Mode;
import io.abk.billing.schemas.avro.Outcome;
import io.abk.billing.schemas.avro.PaymentLinkSnapshot;
import io.abk.billing.schemas.avro.PaymentSnapshot;
import io.abk.billing.schemas.avro.Rejection;
import io.abk.billing.schemas.avro.SubscriptionCommand;
import io.abk.billing.schemas.avro.SubscriptionSnapshot;
import io.abk.billing.schemas.ids.IdPrefix;
import io.abk.billing.schemas.ids.Ids;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/** Changes as billing-streams writes them, built by hand for tests. */
public final class ChangeFixtures {

    private ChangeFixtures() {}

    public static SubscriptionSnapshot subscription(
            String id, String merchantId, Mode mode, long version, String status) {
        var created = Instant.parse("2026-01-31T10:00:00Z");
        return SubscriptionSnapshot.newBuilder()
                .setId(id)
                .setMerchantId(merchantId)
                .setMode(mode)
                .setVersion(version)
                .setStatus(status)
                .setAmountMicros(9_990_000L)
                .setInterval("month")
                .setWalletAddress("0xAbCdEf0123456789aBcDeF0123456789AbCdEf01")
                .setPayoutAddress("0x1111111111111111111111111111111111111111")
                .setMerchantRef("order-" + version)
                .setMetadata(Map.of("zeta", "last", "a", "first", "plan", "gold"))
                .setCurrentPeriodStart(created)
                .setCurrentPeriodEnd(Instant.parse("2026-02-28T10:00:00Z"))
                .setBillingCycleAnchor(created)
                .setCancelAtPeriodEnd(false)
                .setMandateStatus("pending")
                .setCreatedAt(created)
                .build();
    }

    public static InvoiceSnapshot invoice(
            String id, String subscriptionId, String merchantId, Mode mode, long version, String status) {
        var created = Instant.parse("2026-01-31T10:00:00Z");
        return InvoiceSnapshot.newBuilder()
                .setId(id)
                .setSubscriptionId(subscriptionId)
                .setMerchantId(merchantId)
                .setMode(mode)
                .setVersion(version)
                .setStatus(status)
                .setAmountMicros(9_990_000L)
                .setBillingReason("subscription_create")
                .setPeriodStart(created)
                .setPeriodEnd(Instant.parse("2026-02-28T10:00:00Z"))
                .setDueAt(created)
                .setCreatedAt(created)
                .build();
    }

    /** A 10 USDC payment created at {@code createdAt}, expiring at {@code expiresAt}. */
    public static PaymentSnapshot payment(
            String id,
            String merchantId,
            Mode mode,
            long version,
            String status,
            Instant createdAt,
            Instant expiresAt) {
        return PaymentSnapshot.newBuilder()
                .setId(id)
                .setMerchantId(merchantId)
                .setMode(mode)
                .setVersion(version)
                .setStatus(status)
                .setAmountMicros(10_000_000L)
                .setCustomerWallet("0xAbCdEf0123456789aBcDeF0123456789AbCdEf01")
                .setPayoutAddress("0x1111111111111111111111111111111111111111")
                .setMerchantRef("order-" + version)
                .setCheckoutUrl("https://pay.example.test/checkout/pay/" + id)
                .setMetadata(Map.of("b", "2", "a", "1"))
                .setExpiresAt(expiresAt)
                .setCreatedAt(createdAt)
                .build();
    }

    /** A 5 USDC active link created at {@code createdAt}, expiring at {@code expiresAt} (null: never). */
    public static PaymentLinkSnapshot paymentLink(
            String id,
            String merchantId,
            Mode mode,
            long version,
            String status,
            Instant createdAt,
            @Nullable Instant expiresAt) {
        return PaymentLinkSnapshot.newBuilder()
                .setId(id)
                .setMerchantId(merchantId)
                .setMode(mode)
                .setVersion(version)
                .setStatus(status)
                .setAmountMicros(5_000_000L)
                .setMerchantRefPrefix(id)
                .setPayoutAddress("0x1111111111111111111111111111111111111111")
                .setMaxUses(3)
                .setUseCount(1)
                .setExpiresAt(expiresAt)
                .setUrl("https://pay.example.test/checkout/link/" + id)
                .setCreatedAt(createdAt)
                .build();
    }

    /** An accepted change of the payment or link aggregate ({@code aggregateType}) with these snapshots. */
    public static Change acceptedOf(
            String commandId,
            String aggregateType,
            String aggregateId,
            String merchantId,
            Mode mode,
            List<?> snapshots) {
        return Change.newBuilder()
                .setCommandId(commandId)
                .setAggregateType(aggregateType)
                .setAggregateId(aggregateId)
                .setMerchantId(merchantId)
                .setMode(mode)
                .setRequestedAt(Instant.now().truncatedTo(ChronoUnit.MILLIS))
                .setOutcome(Outcome.ACCEPTED)
                .setSnapshots(List.copyOf(snapshots))
                .build();
    }

    /** An accepted change with a subscription and its invoice at {@code version}. */
    public static Change accepted(
            String commandId,
            String subscriptionId,
            String invoiceId,
            String merchantId,
            Mode mode,
            long version,
            String status) {
        return Change.newBuilder()
                .setCommandId(commandId)
                .setAggregateType("subscription")
                .setAggregateId(subscriptionId)
                .setMerchantId(merchantId)
                .setMode(mode)
                .setRequestedAt(Instant.now().truncatedTo(ChronoUnit.MILLIS))
                .setOutcome(Outcome.ACCEPTED)
                .setSnapshots(List.of(
                        subscription(subscriptionId, merchantId, mode, version, status),
                        invoice(invoiceId, subscriptionId, merchantId, mode, version, "open")))
                .build();
    }

    public static Change rejected(
            String commandId, String subscriptionId, String merchantId, Mode mode, String code, String message) {
        return Change.newBuilder()
                .setCommandId(commandId)
                .setAggregateType("subscription")
                .setAggregateId(subscriptionId)
                .setMerchantId(merchantId)
                .setMode(mode)
                .setRequestedAt(Instant.now().truncatedTo(ChronoUnit.MILLIS))
                .setOutcome(Outcome.REJECTED)
                .setRejection(new Rejection(code, message))
                .setSnapshots(List.of())
                .build();
    }

    /** What a processor would record for a create command: the new subscription and its first invoice. */
    public static Change created(SubscriptionCommand command) {
        var create = (CreateSubscription) command.getPayload();
        if (create.getMerchantRef().startsWith("reject:")) {
            return rejected(
                    command.getCommandId(),
                    command.getSubscriptionId(),
                    command.getMerchantId(),
                    command.getMode(),
                    create.getMerchantRef().substring("reject:".length()),
                    "refused by the test processor");
        }
        var now = command.getRequestedAt();
        var subscription = SubscriptionSnapshot.newBuilder()
                .setId(command.getSubscriptionId())
                .setMerchantId(command.getMerchantId())
                .setMode(command.getMode())
                .setVersion(1)
                .setStatus("incomplete")
                .setAmountMicros(create.getAmountMicros())
                .setInterval(create.getInterval())
                .setWalletAddress(create.getWalletAddress())
                .setPayoutAddress(create.getPayoutAddress())
                .setMerchantRef(create.getMerchantRef())
                .setPriceId(create.getPriceId())
                .setPlanId(create.getPlanId())
                .setMetadata(create.getMetadata())
                .setSuccessUrl(create.getSuccessUrl())
                .setCancelUrl(create.getCancelUrl())
                .setCurrentPeriodStart(now)
                .setCurrentPeriodEnd(now.plus(30, ChronoUnit.DAYS))
                .setBillingCycleAnchor(now)
                .setTrialEnd(create.getTrialDays() > 0 ? now.plus(create.getTrialDays(), ChronoUnit.DAYS) : null)
                .setCancelAtPeriodEnd(false)
                .setMandateStatus("pending")
                .setLatestInvoiceId(create.getInvoiceId())
                .setCreatedAt(now)
                .setDiscount(StubDiscounts.of(create, now))
                .setItems(create.getItems())
                .setMaxAmountPerPeriodMicros(create.getMaxAmountPerPeriodMicros())
                .build();
        var invoice = StubDiscounts.priced(
                        InvoiceSnapshot.newBuilder(),
                        create.getTrialDays() > 0 ? 0 : create.getAmountMicros(),
                        subscription.getDiscount())
                .setId(create.getInvoiceId())
                .setSubscriptionId(command.getSubscriptionId())
                .setMerchantId(command.getMerchantId())
                .setMode(command.getMode())
                .setVersion(1)
                .setStatus("open")
                .setBillingReason("subscription_create")
                .setPeriodStart(now)
                .setPeriodEnd(now.plus(30, ChronoUnit.DAYS))
                .setDueAt(now)
                .setCreatedAt(now)
                .build();
        return Change.newBuilder()
                .setCommandId(command.getCommandId())
                .setAggregateType("subscription")
                .setAggregateId(command.getSubscriptionId())
                .setMerchantId(command.getMerchantId())
                .setMode(command.getMode())
                .setRequestedAt(now)
                .setOutcome(Outcome.ACCEPTED)
                .setSnapshots(List.of(subscription, invoice))
                .setEventIds(List.of(Ids.derivedId(IdPrefix.EVENT, now, command.getCommandId() + ":created")))
                .build();
    }
}
