package io.abk.billing.client.model;

import java.math.BigDecimal;
import java.time.Instant;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/**
 * A shareable payment link.
 */
public record PaymentLink(
        String id,
        String object,
        String status,
        BigDecimal amountUsdc,
        @Nullable String description,
        long useCount,
        @Nullable Long maxUses,
        long paidCount,
        @Nullable Instant expiresAt,
        String merchantRefPrefix,
        String payoutAddressEvm,
        @Nullable String priceId,
        String url,
        @Nullable String successUrl,
        @Nullable String cancelUrl,
        boolean collectEmail,
        boolean collectName,
        Map<String, String> metadata,
        @Nullable Instant disabledAt,
        String mode,
        Instant createdAt) {}
