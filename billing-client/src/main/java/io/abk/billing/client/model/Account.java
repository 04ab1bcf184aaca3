package io.abk.billing.client.model;

import java.time.Instant;
import org.jspecify.annotations.Nullable;

/**
 * The API's {@code Merchant} object.
 */
public record Account(
        String id,
        String name,
        @Nullable String displayName,
        @Nullable String payoutAddressEvm,
        @Nullable String brandName,
        @Nullable String accentColor,
        @Nullable String logoPath,
        Instant createdAt,
        Instant updatedAt,
        boolean requireTotp,
        @Nullable String invoicePrefix) {}
