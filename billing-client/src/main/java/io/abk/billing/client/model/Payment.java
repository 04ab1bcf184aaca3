package io.abk.billing.client.model;

import java.math.BigDecimal;
import java.time.Instant;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/**
 * A one-time payment; {@code customerId} is the customer of its wallet, null while the wallet is not known.
 */
public record Payment(
        String id,
        String object,
        String status,
        BigDecimal amountUsdc,
        @Nullable BigDecimal amountReceivedUsdc,
        @Nullable String customerWallet,
        @Nullable String customerId,
        String payoutAddressEvm,
        String merchantRef,
        @Nullable String priceId,
        @Nullable String paymentLinkId,
        @Nullable String description,
        String checkoutUrl,
        @Nullable String successUrl,
        @Nullable String cancelUrl,
        @Nullable String customerEmail,
        @Nullable String customerName,
        Map<String, String> metadata,
        Instant expiresAt,
        @Nullable Instant paidAt,
        boolean paidLate,
        @Nullable String txHash,
        @Nullable TransferAuthorization authorization,
        String mode,
        Instant createdAt) {}
