package io.abk.billing.client.model;

import java.time.Instant;
import org.jspecify.annotations.Nullable;

/**
 * A transfer authorization (pay by signature): the customer's signed EIP-3009 transfer, which the platform's relayer
 * submitted, paying the gas. {@code status} is {@code pending}, {@code submitted} or {@code failed}; the payment is paid
 * when the transfer is seen on chain. {@code gasCostWei} is a decimal string of wei.
 */
public record TransferAuthorization(
        String status,
        String fromAddress,
        @Nullable String txHash,
        @Nullable Long gasUsed,
        @Nullable String gasCostWei,
        @Nullable String failureCode,
        @Nullable String failureMessage,
        Instant submittedAt) {}
