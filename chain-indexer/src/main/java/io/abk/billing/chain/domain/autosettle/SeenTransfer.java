package io.abk.billing.chain.domain.autosettle;

import io.abk.billing.schemas.mode.Mode;
import java.time.Instant;
import org.jspecify.annotations.Nullable;

/**
 * A confirmed token transfer as matching sees it: lower-case addresses, the amount in micro-USDC, and the nonce of the
 * EIP-3009 authorization that moved it, if one did (0x hex, lower case).
 */
public record SeenTransfer(
        String transferId,
        Mode mode,
        String txHash,
        String from,
        String to,
        long amountMicros,
        Instant blockTimestamp,
        @Nullable String authorizationNonce) {

    /** A plain transfer: no authorization moved it. */
    public SeenTransfer(
            String transferId,
            Mode mode,
            String txHash,
            String from,
            String to,
            long amountMicros,
            Instant blockTimestamp) {
        this(transferId, mode, txHash, from, to, amountMicros, blockTimestamp, null);
    }
}
