package io.abk.billing.chain.domain.verification;

import io.abk.billing.schemas.mode.Mode;
import org.jspecify.annotations.Nullable;

/**
 * A payment's confirm, as the verification sees it: {@code requestId} is {@code paymentId:verify:n},
 * {@code amountMicros} the least the transfer must carry, {@code payoutAddress} the recipient it must have, and
 * {@code txHash} what the customer gave, as given (null: none, which only the sandbox accepts).
 */
public record VerificationRequest(
        String requestId,
        String paymentId,
        Mode mode,
        long amountMicros,
        String payoutAddress,
        @Nullable String txHash) {}
