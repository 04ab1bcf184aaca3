package io.abk.billing.client.model;

import java.time.Instant;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/**
 * A customer: one wallet within a merchant and mode. The wallet (lower case) never changes; the id is derived from the
 * merchant, the mode and the wallet, so a wallet has exactly one customer.
 */
public record Customer(
        String id,
        String object,
        String wallet,
        @Nullable String email,
        @Nullable String name,
        Map<String, String> metadata,
        String mode,
        Instant createdAt,
        Instant updatedAt) {}
