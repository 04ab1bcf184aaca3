package io.abk.billing.client.model;

import java.math.BigDecimal;
import java.time.Instant;
import java.util.List;
import org.jspecify.annotations.Nullable;

/**
 * A subscription's next invoice as it would be made ({@code GET /v1/invoices/upcoming}): a draft, so {@code id} and
 * {@code number} are null and {@code status} is {@code draft}; {@code billingReason} is {@code subscription_cycle}
 * (the renewal) or {@code subscription_update} (a change billed at once).
 */
public record InvoicePreview(
        @Nullable String id,
        String object,
        String subscriptionId,
        @Nullable String customerId,
        @Nullable String number,
        String status,
        BigDecimal amountUsdc,
        BigDecimal subtotalUsdc,
        BigDecimal discountUsdc,
        List<InvoiceLine> lines,
        String billingReason,
        Instant periodStart,
        Instant periodEnd,
        Instant dueAt,
        String mode) {}
