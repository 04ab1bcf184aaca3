package io.abk.billing.chain.domain.autosettle;

import io.abk.billing.schemas.mode.Mode;
import java.time.Instant;
import org.jspecify.annotations.Nullable;

/**
 * A payment a transfer may pay: open or expired (paid late is still paid), with what the transfer must carry.
 * Addresses are lower-case; {@code customerWallet} null means any sender.
 */
public record OpenPayment(
        String paymentId,
        String merchantId,
        Mode mode,
        String payoutAddress,
        long amountMicros,
        @Nullable String customerWallet,
        Instant createdAt) {}
