package io.abk.billing.streams.domain.subscription;

import java.time.Instant;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/**
 * What a subscription aggregate can be asked to do. Each command carries {@code requestedAt}, the effective now
 * of its mode when it was issued: the decider's only clock. Later commands (activate, cancel, charge, ...) join
 * as new records here; the compiler then points at every switch that must handle them.
 */
public sealed interface SubscriptionCommand {

    String subscriptionId();

    Instant requestedAt();

    /**
     * Create an incomplete subscription with its first, open invoice. The gateway has validated the request,
     * resolved the price and payout address, and minted both ids.
     */
    record Create(
            String subscriptionId,
            Tenant tenant,
            Instant requestedAt,
            String invoiceId,
            Plan plan,
            int trialDays,
            Wallets wallets,
            String merchantRef,
            Map<String, String> metadata,
            @Nullable String successUrl,
            @Nullable String cancelUrl) implements SubscriptionCommand {

        public Create {
            if (trialDays < 0) {
                throw new IllegalArgumentException("trialDays cannot be negative: " + trialDays);
            }
            metadata = Map.copyOf(metadata);
        }
    }
}
