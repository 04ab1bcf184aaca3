package io.abk.billing.client.model;

import java.time.Instant;
import java.util.List;
import org.jspecify.annotations.Nullable;

/**
 * A webhook endpoint; never its secret.
 */
public record WebhookEndpoint(
        String id,
        String url,
        List<String> enabledEvents,
        @Nullable String description,
        boolean disabled,
        @Nullable String disabledReason,
        @Nullable Instant previousSecretExpiresAt,
        String mode,
        Instant createdAt,
        Instant updatedAt) {}
