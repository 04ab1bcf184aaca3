package io.abk.billing.client.model;

import java.math.BigDecimal;
import java.time.Instant;

/**
 * A catalog price: an amount per month, per year, or once.
 */
public record Price(
        String id,
        String productId,
        BigDecimal amountUsdc,
        String interval,
        long trialDays,
        boolean active,
        String mode,
        Instant createdAt) {}
