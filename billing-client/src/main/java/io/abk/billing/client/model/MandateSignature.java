package io.abk.billing.client.model;

import java.time.Instant;
import org.jspecify.annotations.Nullable;

/**
 * A signed mandate (subscribe by signature): the customer's signed terms, which the platform's relayer submitted to
 * the subscription vault, paying the gas. {@code status} is {@code pending}, {@code submitted} or {@code failed};
 * {@code gasCostWei} is a decimal string of wei.
 */
public record MandateSignature(
        String status,
        String wallet,
        long periods,
        Instant deadline,
        @Nullable String txHash,
        @Nullable Long gasUsed,
        @Nullable String gasCostWei,
        @Nullable String failureCode,
        @Nullable String failureMessage,
        Instant submittedAt) {}
