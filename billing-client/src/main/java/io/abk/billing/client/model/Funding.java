package io.abk.billing.client.model;

import java.math.BigDecimal;
import org.jspecify.annotations.Nullable;

/**
 * The customer's wallet as the chain showed it for an upcoming renewal ({@code invoice.upcoming},
 * {@code subscription.allowance_low}): {@code requiredUsdc} is what the renewal charges, {@code periodsCovered} how
 * many renewals the allowance pays, {@code chargesLeft} what the signed mandate still allows (null without a limit),
 * {@code blockNumber} the block it was read at (null in the sandbox, whose figures are simulated). A figure the check
 * did not learn is null.
 */
public record Funding(
        BigDecimal requiredUsdc,
        @Nullable BigDecimal balanceUsdc,
        @Nullable BigDecimal allowanceUsdc,
        @Nullable Long periodsCovered,
        @Nullable Long chargesLeft,
        @Nullable Long blockNumber) {}
