package io.abk.billing.gateway.command;

import io.abk.billing.schemas.avro.Mode;
import java.time.Instant;
import org.jspecify.annotations.Nullable;

/**
 * What DESIGN section 4 has the gateway stamp on every command, whatever its aggregate: command id, merchant,
 * mode, {@code requestedAt} (the mode's effective now), Idempotency-Key and request id.
 */
public record Stamp(String commandId, String merchantId, Mode mode, Instant requestedAt, @Nullable String idempotencyKey,
        @Nullable String requestId) {
}
