package io.abk.billing.client.model;

import java.time.Instant;
import org.jspecify.annotations.Nullable;

/**
 * One attempt of a webhook delivery, as the sender logged it.
 */
public record DeliveryAttempt(
        String id,
        String object,
        String endpointId,
        String eventId,
        String eventType,
        String deliveryId,
        long attempt,
        boolean redelivery,
        String outcome,
        @Nullable Long statusCode,
        @Nullable Long latencyMs,
        @Nullable String error,
        @Nullable String responseExcerpt,
        @Nullable Instant nextRetryAt,
        Instant attemptedAt) {}
