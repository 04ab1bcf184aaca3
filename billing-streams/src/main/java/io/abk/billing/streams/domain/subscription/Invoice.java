package io.abk.billing.streams.domain.subscription;

import io.abk.billing.schemas.money.UsdcAmount;
import java.time.Instant;
import org.jspecify.annotations.Nullable;

/**
 * One invoice of a subscription. Its subscription, merchant and mode are those of the aggregate that holds it,
 * so they are not repeated here. Fields a status does not use yet (payment, refund, void data) stay null.
 */
public record Invoice(
        String id,
        InvoiceStatus status,
        UsdcAmount amount,
        UsdcAmount amountRefunded,
        BillingReason billingReason,
        Period period,
        Instant dueAt,
        int attemptCount,
        @Nullable Instant nextAttemptAt,
        @Nullable ChargeFailure lastFailure,
        @Nullable Instant paidAt,
        @Nullable String txHash,
        @Nullable String refundTxHash,
        @Nullable Instant refundedAt,
        @Nullable Instant voidedAt,
        Instant createdAt) {

    public Invoice {
        if (attemptCount < 0) {
            throw new IllegalArgumentException("attemptCount cannot be negative: " + attemptCount);
        }
        if (amountRefunded.compareTo(amount) > 0) {
            throw new IllegalArgumentException("invoice " + id + " refunded " + amountRefunded + " of " + amount);
        }
    }

    /** A new open invoice for {@code period}, due at {@code dueAt}, with no attempt made yet. */
    public static Invoice open(String id, UsdcAmount amount, BillingReason reason, Period period, Instant dueAt,
            Instant createdAt) {
        return new Invoice(id, InvoiceStatus.OPEN, amount, UsdcAmount.ZERO, reason, period, dueAt, 0,
                null, null, null, null, null, null, null, createdAt);
    }
}
