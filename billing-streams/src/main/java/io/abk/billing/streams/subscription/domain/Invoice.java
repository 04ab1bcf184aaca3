package io.abk.billing.streams.subscription.domain;

import io.abk.billing.schemas.money.UsdcAmount;
import java.time.Instant;
import org.jspecify.annotations.Nullable;

/**
 * One invoice of a subscription. Its subscription, merchant and mode are those of the aggregate that holds it,
 * so they are not repeated here. Fields a status does not use yet (payment, refund, void data) stay null.
 * Changes return a copy; each names the transition it makes (docs/architecture.md, "Invoice").
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
    public static Invoice open(
            String id, UsdcAmount amount, BillingReason reason, Period period, Instant dueAt, Instant createdAt) {
        return new Invoice(
                id,
                InvoiceStatus.OPEN,
                amount,
                UsdcAmount.ZERO,
                reason,
                period,
                dueAt,
                0,
                null,
                null,
                null,
                null,
                null,
                null,
                null,
                createdAt);
    }

    /** What a refund may still take: the amount paid minus what was refunded (in-flight refunds aside). */
    public UsdcAmount refundable() {
        return amount.minus(amountRefunded);
    }

    /** One more attempt is under way: nothing is due until its result. */
    public Invoice attempted() {
        return new Invoice(
                id,
                status,
                amount,
                amountRefunded,
                billingReason,
                period,
                dueAt,
                attemptCount + 1,
                null,
                lastFailure,
                paidAt,
                txHash,
                refundTxHash,
                refundedAt,
                voidedAt,
                createdAt);
    }

    /** Paid at {@code paidAt} ({@code txHash} null when nothing had to move: a 0 USDC invoice). */
    public Invoice paid(Instant paidAt, @Nullable String txHash) {
        return new Invoice(
                id,
                InvoiceStatus.PAID,
                amount,
                amountRefunded,
                billingReason,
                period,
                dueAt,
                attemptCount,
                null,
                null,
                paidAt,
                txHash,
                refundTxHash,
                refundedAt,
                voidedAt,
                createdAt);
    }

    /**
     * The last attempt failed: {@code nextAttemptAt} when another is scheduled, else null; {@code uncollectible}
     * when no attempt is left.
     */
    public Invoice failed(ChargeFailure failure, @Nullable Instant nextAttemptAt, boolean uncollectible) {
        return new Invoice(
                id,
                uncollectible ? InvoiceStatus.UNCOLLECTIBLE : status,
                amount,
                amountRefunded,
                billingReason,
                period,
                dueAt,
                attemptCount,
                nextAttemptAt,
                failure,
                paidAt,
                txHash,
                refundTxHash,
                refundedAt,
                voidedAt,
                createdAt);
    }

    /**
     * The charge that paid it is no longer on the chain: open again, without its payment, its next attempt due at
     * {@code nextAttemptAt}; the attempts made so far still count, and refunds already made stay recorded.
     */
    public Invoice reopened(ChargeFailure failure, Instant nextAttemptAt) {
        return new Invoice(
                id,
                InvoiceStatus.OPEN,
                amount,
                amountRefunded,
                billingReason,
                period,
                dueAt,
                attemptCount,
                nextAttemptAt,
                failure,
                null,
                null,
                refundTxHash,
                refundedAt,
                voidedAt,
                createdAt);
    }

    /** Voided at {@code voidedAt}: nothing more is due. */
    public Invoice voided(Instant voidedAt) {
        return new Invoice(
                id,
                InvoiceStatus.VOID,
                amount,
                amountRefunded,
                billingReason,
                period,
                dueAt,
                attemptCount,
                null,
                lastFailure,
                paidAt,
                txHash,
                refundTxHash,
                refundedAt,
                voidedAt,
                createdAt);
    }

    /** {@code refund} more went back to the customer; refunded once nothing paid is left. */
    public Invoice refunded(UsdcAmount refund, String refundTxHash, Instant refundedAt) {
        var total = amountRefunded.plus(refund);
        var status = total.equals(amount) ? InvoiceStatus.REFUNDED : this.status;
        return new Invoice(
                id,
                status,
                amount,
                total,
                billingReason,
                period,
                dueAt,
                attemptCount,
                nextAttemptAt,
                lastFailure,
                paidAt,
                txHash,
                refundTxHash,
                refundedAt,
                voidedAt,
                createdAt);
    }
}
