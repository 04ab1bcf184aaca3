package io.abk.billing.client.model;

import java.math.BigDecimal;
import java.time.Instant;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/**
 * A recurring subscription: its terms, period, mandate and state; {@code customerId} is the customer of its wallet.
 */
public record Subscription(
        String id,
        String object,
        String status,
        BigDecimal amountUsdc,
        String interval,
        String walletAddress,
        String customerId,
        String payoutAddressEvm,
        String merchantRef,
        @Nullable String priceId,
        @Nullable String planId,
        Instant currentPeriodStart,
        Instant currentPeriodEnd,
        Instant billingCycleAnchor,
        @Nullable Instant trialEnd,
        boolean cancelAtPeriodEnd,
        @Nullable Instant canceledAt,
        @Nullable Instant pausedAt,
        String mandateStatus,
        @Nullable String onChainSubscriptionId,
        @Nullable MandateSignature mandateSignature,
        @Nullable CustomerAction lastCustomerAction,
        @Nullable String latestInvoiceId,
        @Nullable String successUrl,
        @Nullable String cancelUrl,
        Map<String, String> metadata,
        String mode,
        Instant createdAt) {}
