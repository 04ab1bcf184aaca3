package io.abk.billing.client.model;

import java.time.Instant;
import java.util.List;
import org.jspecify.annotations.Nullable;

/**
 * A catalog product with its prices.
 */
public record Product(
        String id,
        String name,
        @Nullable String description,
        boolean active,
        List<Price> prices,
        String mode,
        Instant createdAt) {}
