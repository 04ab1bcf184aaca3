package io.abk.billing.webhooks.attempt.endpoint;

import java.time.Instant;
import org.jspecify.annotations.Nullable;

/**
 * One {@code webhook_delivery_attempts} row (V7). {@code nextRetryAt} is written only for a failed attempt that
 * will be retried: the caller clears it when the attempt disabled the endpoint.
 */
public record AttemptRow(
        String endpointId,
        String merchantId,
        String mode,
        String deliveryId,
        String eventId,
        String eventType,
        int attempt,
        boolean redelivery,
        String outcome,
        @Nullable Integer statusCode,
        @Nullable Integer latencyMs,
        @Nullable String error,
        @Nullable String responseExcerpt,
        @Nullable Instant nextRetryAt,
        Instant attemptedAt) {}
