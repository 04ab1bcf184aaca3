package io.abk.billing.client.model;

import java.time.Instant;
import org.jspecify.annotations.Nullable;

/**
 * An action the customer signed in the customer portal, which the platform's relayer submitted, paying the gas:
 * {@code kind} is {@code revoke} (a signed cancel of the mandate) or {@code raise_allowance} (a permit raising the
 * vault's allowance); {@code status} is {@code pending}, {@code submitted} or {@code failed}. The mandate turns
 * {@code revoked} when the vault's cancel is seen on chain. {@code gasCostWei} is a decimal string of wei.
 */
public record CustomerAction(
        String kind,
        String status,
        @Nullable String txHash,
        @Nullable Long gasUsed,
        @Nullable String gasCostWei,
        @Nullable String failureCode,
        @Nullable String failureMessage,
        Instant submittedAt) {}
