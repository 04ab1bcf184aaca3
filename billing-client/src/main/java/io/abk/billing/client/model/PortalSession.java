package io.abk.billing.client.model;

import java.time.Instant;
import org.jspecify.annotations.Nullable;

/**
 * A one-use link into the customer portal for one customer's wallet: {@code url} is a secret, shown this once, that
 * opens one portal session before {@code expiresAt} (an hour).
 */
public record PortalSession(
        String object,
        String url,
        Instant expiresAt,
        String customerWallet,
        @Nullable String returnUrl,
        String mode) {}
