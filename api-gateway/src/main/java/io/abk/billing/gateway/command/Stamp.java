package io.abk.billing.gateway.command;

import io.abk.billing.schemas.avro.Mode;
import java.time.Instant;
import org.jspecify.annotations.Nullable;

/**
 * What the gateway stamps on every command, whatever its aggregate (docs/architecture.md, "The command path"):
 * command id, merchant, mode, {@code requestedAt} (the mode's effective now), Idempotency-Key and request id.
 */
public record Stamp(
        String commandId,
        String merchantId,
        Mode mode,
        Instant requestedAt,
        @Nullable String idempotencyKey,
        @Nullable String requestId) {}
