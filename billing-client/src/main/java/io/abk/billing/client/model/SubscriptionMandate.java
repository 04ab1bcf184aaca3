package io.abk.billing.client.model;

import com.fasterxml.jackson.databind.JsonNode;
import java.math.BigDecimal;
import java.time.Instant;
import org.jspecify.annotations.Nullable;

/**
 * A subscription's mandate as its chain holds it now. The chain's figures are null when {@code available} is false.
 */
public record SubscriptionMandate(
        String object,
        String subscription,
        String mode,
        JsonNode network,
        @Nullable String vaultAddress,
        @Nullable String reference,
        @Nullable String walletAddress,
        String tokenAddress,
        @Nullable BigDecimal allowance,
        @Nullable BigDecimal walletBalance,
        BigDecimal amount,
        @Nullable Long periodsCovered,
        @Nullable Long chargesMade,
        @Nullable Instant readAt,
        boolean available,
        @Nullable String reason) {}
