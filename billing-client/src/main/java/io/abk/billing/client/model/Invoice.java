package io.abk.billing.client.model;

import java.math.BigDecimal;
import java.time.Instant;
import java.util.List;
import org.jspecify.annotations.Nullable;

/**
 * An invoice of a subscription; {@code customerId} is the subscription's customer (null on an invoice last changed
 * before customers existed). {@code amountUsdc} is the total: {@code subtotalUsdc} less {@code discountUsdc}, the sum
 * of the {@code lines}' amounts. {@code number} ({@code <prefix>-000001}, gapless per merchant and mode),
 * {@code finalizedAt} and {@code hostedInvoiceUrl} (the invoice's public, printable page) are null until the invoice is
 * finalized, milliseconds after it is made.
 */
public record Invoice(
        String id,
        String object,
        String subscriptionId,
        @Nullable String customerId,
        String status,
        BigDecimal amountUsdc,
        BigDecimal amountRefundedUsdc,
        BigDecimal subtotalUsdc,
        BigDecimal discountUsdc,
        List<InvoiceLine> lines,
        String billingReason,
        Instant periodStart,
        Instant periodEnd,
        Instant dueAt,
        long attemptCount,
        @Nullable Instant nextAttemptAt,
        @Nullable String failureCode,
        @Nullable String failureMessage,
        @Nullable Instant paidAt,
        @Nullable String txHash,
        @Nullable Long gasUsed,
        @Nullable String gasCostWei,
        @Nullable String refundTxHash,
        @Nullable Instant refundedAt,
        @Nullable Instant voidedAt,
        @Nullable String number,
        @Nullable Instant finalizedAt,
        @Nullable String hostedInvoiceUrl,
        String mode,
        Instant createdAt) {}
