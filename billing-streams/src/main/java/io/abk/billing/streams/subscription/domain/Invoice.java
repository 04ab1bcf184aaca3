package io.abk.billing.streams.subscription.domain;

import io.abk.billing.schemas.money.UsdcAmount;
import io.abk.billing.streams.shared.domain.RelayerGas;
import java.time.Instant;
import java.util.List;
import java.util.function.UnaryOperator;
import org.jspecify.annotations.Nullable;

/**
 * One invoice of a subscription. Its subscription, merchant and mode are those of the aggregate that holds it,
 * so they are not repeated here. Its amount is the sum of its lines, never empty (checked here). Fields a status does
 * not use yet (payment, refund, void data) stay null. Changes return a copy, made by {@link #with}; each names the
 * transition it makes (docs/architecture.md, "Invoice").
 */
public record Invoice(
        String id,
        InvoiceStatus status,
        UsdcAmount amount,
        List<InvoiceLine> lines,
        UsdcAmount amountRefunded,
        BillingReason billingReason,
        Period period,
        Instant dueAt,
        int attemptCount,
        @Nullable Instant nextAttemptAt,
        @Nullable ChargeFailure lastFailure,
        @Nullable Instant paidAt,
        @Nullable String txHash,
        @Nullable RelayerGas gas,
        @Nullable String refundTxHash,
        @Nullable Instant refundedAt,
        @Nullable Instant voidedAt,
        Instant createdAt,
        @Nullable InvoiceFinalization finalization) {

    public Invoice {
        lines = List.copyOf(lines);
        if (lines.isEmpty()) {
            throw new IllegalArgumentException("invoice " + id + " has no line");
        }
        var total = lines.stream().mapToLong(InvoiceLine::signedMicros).reduce(0, Math::addExact);
        if (total != amount.micros()) {
            throw new IllegalArgumentException(
                    "invoice " + id + " of " + amount + " has lines summing to " + total + " micro-USDC");
        }
        if (attemptCount < 0) {
            throw new IllegalArgumentException("attemptCount cannot be negative: " + attemptCount);
        }
        if (amountRefunded.compareTo(amount) > 0) {
            throw new IllegalArgumentException("invoice " + id + " refunded " + amountRefunded + " of " + amount);
        }
    }

    /**
     * A new open invoice of {@code lines} (its amount their sum) for {@code period}, due at {@code dueAt}, with no
     * attempt made yet.
     */
    public static Invoice open(
            String id, List<InvoiceLine> lines, BillingReason reason, Period period, Instant dueAt, Instant createdAt) {
        return new Invoice(
                id,
                InvoiceStatus.OPEN,
                InvoiceLine.total(lines),
                lines,
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
                null,
                createdAt,
                null);
    }

    /** The sum of the lines that are not discounts: the amount before discounts. */
    public UsdcAmount subtotal() {
        return UsdcAmount.ofMicros(sum(false));
    }

    /** What the discount lines take off: {@code amount == subtotal - discount}. */
    public UsdcAmount discount() {
        return UsdcAmount.ofMicros(sum(true));
    }

    /**
     * The discount lines' amounts, or the other lines' signed amounts, added exactly. A loop rather than a stream:
     * every snapshot read and written asks for both, and a stream's set-up outweighed the one or two lines it added.
     */
    private long sum(boolean discounts) {
        long micros = 0;
        for (var line : lines) {
            if ((line.kind() == InvoiceLineKind.DISCOUNT) == discounts) {
                micros = Math.addExact(micros, discounts ? line.amount().micros() : line.signedMicros());
            }
        }
        return micros;
    }

    /**
     * The same open invoice made of {@code lines} instead (its amount their sum): an incomplete subscription's first
     * invoice whose discount changed before it was charged.
     */
    public Invoice repriced(List<InvoiceLine> lines) {
        if (status != InvoiceStatus.OPEN) {
            throw new IllegalStateException("only an open invoice is re-priced, not " + id + " (" + status + ")");
        }
        return new Invoice(
                id,
                status,
                InvoiceLine.total(lines),
                lines,
                amountRefunded,
                billingReason,
                period,
                dueAt,
                attemptCount,
                nextAttemptAt,
                lastFailure,
                paidAt,
                txHash,
                gas,
                refundTxHash,
                refundedAt,
                voidedAt,
                createdAt,
                finalization);
    }

    /** What a refund may still take: the amount paid minus what was refunded (in-flight refunds aside). */
    public UsdcAmount refundable() {
        return amount.minus(amountRefunded);
    }

    /** One more attempt is under way: nothing is due until its result. */
    public Invoice attempted() {
        return with(i -> i.attemptCount(attemptCount + 1).nextAttemptAt(null));
    }

    /**
     * Paid at {@code paidAt} ({@code txHash} null when nothing had to move: a 0 USDC invoice); {@code gas}: the
     * relayer's transaction that paid it, when the relayer reported it.
     */
    public Invoice paid(Instant paidAt, @Nullable String txHash, @Nullable RelayerGas gas) {
        return with(i -> i.status(InvoiceStatus.PAID)
                .nextAttemptAt(null)
                .lastFailure(null)
                .paidAt(paidAt)
                .txHash(txHash)
                .gas(gas));
    }

    /**
     * The last attempt failed: {@code nextAttemptAt} when another is scheduled, else null; {@code uncollectible}
     * when no attempt is left.
     */
    public Invoice failed(ChargeFailure failure, @Nullable Instant nextAttemptAt, boolean uncollectible) {
        return with(i -> i.status(uncollectible ? InvoiceStatus.UNCOLLECTIBLE : status)
                .nextAttemptAt(nextAttemptAt)
                .lastFailure(failure));
    }

    /**
     * The charge that paid it is no longer on the chain: open again, without its payment, its next attempt due at
     * {@code nextAttemptAt}; the attempts made so far still count, and refunds already made stay recorded.
     */
    public Invoice reopened(ChargeFailure failure, Instant nextAttemptAt) {
        return with(i -> i.status(InvoiceStatus.OPEN)
                .nextAttemptAt(nextAttemptAt)
                .lastFailure(failure)
                .paidAt(null)
                .txHash(null)
                .gas(null));
    }

    /** Numbered by the invoice numbering: {@code finalization} is its number and hosted page, from now on. */
    public Invoice finalized(InvoiceFinalization finalization) {
        return with(i -> i.finalization(finalization));
    }

    /** Voided at {@code voidedAt}: nothing more is due. */
    public Invoice voided(Instant voidedAt) {
        return with(i -> i.status(InvoiceStatus.VOID).nextAttemptAt(null).voidedAt(voidedAt));
    }

    /** {@code refund} more went back to the customer; refunded once nothing paid is left. */
    public Invoice refunded(UsdcAmount refund, String refundTxHash, Instant refundedAt) {
        var total = amountRefunded.plus(refund);
        var status = total.equals(amount) ? InvoiceStatus.REFUNDED : this.status;
        return with(i -> i.status(status)
                .amountRefunded(total)
                .refundTxHash(refundTxHash)
                .refundedAt(refundedAt));
    }

    /**
     * The one copy method: a copy with what {@code change} sets; the constructor checks the copy as it checks every
     * invoice.
     */
    public Invoice with(UnaryOperator<Builder> change) {
        return change.apply(new Builder(this)).build();
    }

    /**
     * The fields a transition may change, set on a copy of one invoice; what the invoice is for (id, amount, lines,
     * reason, period, due and creation time) has no setter. Mutable, but reachable only inside {@link #with}, so no
     * half-changed invoice is ever seen.
     */
    public static final class Builder {

        private final Invoice from;
        private InvoiceStatus status;
        private UsdcAmount amountRefunded;
        private int attemptCount;
        private @Nullable Instant nextAttemptAt;
        private @Nullable ChargeFailure lastFailure;
        private @Nullable Instant paidAt;
        private @Nullable String txHash;
        private @Nullable RelayerGas gas;
        private @Nullable String refundTxHash;
        private @Nullable Instant refundedAt;
        private @Nullable Instant voidedAt;
        private @Nullable InvoiceFinalization finalization;

        private Builder(Invoice from) {
            this.from = from;
            this.status = from.status;
            this.amountRefunded = from.amountRefunded;
            this.attemptCount = from.attemptCount;
            this.nextAttemptAt = from.nextAttemptAt;
            this.lastFailure = from.lastFailure;
            this.paidAt = from.paidAt;
            this.txHash = from.txHash;
            this.gas = from.gas;
            this.refundTxHash = from.refundTxHash;
            this.refundedAt = from.refundedAt;
            this.voidedAt = from.voidedAt;
            this.finalization = from.finalization;
        }

        public Builder status(InvoiceStatus status) {
            this.status = status;
            return this;
        }

        public Builder amountRefunded(UsdcAmount amountRefunded) {
            this.amountRefunded = amountRefunded;
            return this;
        }

        public Builder attemptCount(int attemptCount) {
            this.attemptCount = attemptCount;
            return this;
        }

        public Builder nextAttemptAt(@Nullable Instant nextAttemptAt) {
            this.nextAttemptAt = nextAttemptAt;
            return this;
        }

        public Builder lastFailure(@Nullable ChargeFailure lastFailure) {
            this.lastFailure = lastFailure;
            return this;
        }

        public Builder paidAt(@Nullable Instant paidAt) {
            this.paidAt = paidAt;
            return this;
        }

        public Builder txHash(@Nullable String txHash) {
            this.txHash = txHash;
            return this;
        }

        public Builder gas(@Nullable RelayerGas gas) {
            this.gas = gas;
            return this;
        }

        public Builder refundTxHash(@Nullable String refundTxHash) {
            this.refundTxHash = refundTxHash;
            return this;
        }

        public Builder refundedAt(@Nullable Instant refundedAt) {
            this.refundedAt = refundedAt;
            return this;
        }

        public Builder voidedAt(@Nullable Instant voidedAt) {
            this.voidedAt = voidedAt;
            return this;
        }

        public Builder finalization(@Nullable InvoiceFinalization finalization) {
            this.finalization = finalization;
            return this;
        }

        private Invoice build() {
            return new Invoice(
                    from.id,
                    status,
                    from.amount,
                    from.lines,
                    amountRefunded,
                    from.billingReason,
                    from.period,
                    from.dueAt,
                    attemptCount,
                    nextAttemptAt,
                    lastFailure,
                    paidAt,
                    txHash,
                    gas,
                    refundTxHash,
                    refundedAt,
                    voidedAt,
                    from.createdAt,
                    finalization);
        }
    }
}
