package io.abk.billing.client.model;

import java.math.BigDecimal;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/**
 * A recurring subscription: its terms, period, mandate and state; {@code customerId} is the customer of its wallet,
 * {@code discount} the coupon its invoices are discounted by (null: none), {@code pendingInvoiceLines} the lines waiting
 * for its next invoice (the prorations of a change of amount, a carried credit). A subscription created with
 * {@code items} lists them (else the list is empty) and, with a metered item, {@code maxAmountPerPeriodUsdc}: the most
 * one period's invoice may charge.
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
        @Nullable Discount discount,
        List<InvoiceLine> pendingInvoiceLines,
        List<SubscriptionItem> items,
        @Nullable BigDecimal maxAmountPerPeriodUsdc,
        @Nullable String successUrl,
        @Nullable String cancelUrl,
        Map<String, String> metadata,
        String mode,
        Instant createdAt) {}
