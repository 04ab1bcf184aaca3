package io.abk.billing.chain.domain.autosettle;

import io.abk.billing.schemas.mode.Mode;
import java.time.Instant;

/** A confirmed token transfer as matching sees it: lower-case addresses, the amount in micro-USDC. */
public record SeenTransfer(
        String transferId,
        Mode mode,
        String txHash,
        String from,
        String to,
        long amountMicros,
        Instant blockTimestamp) {}
