package io.abk.billing.client.model;

import java.time.Instant;
import org.jspecify.annotations.Nullable;

/**
 * The API's {@code RevealedWebhookSecret} object.
 */
public record RevealedWebhookSecret(String secret, @Nullable Instant previousSecretExpiresAt) {}
