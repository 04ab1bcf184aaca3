package io.abk.billing.streams.command;

import io.abk.billing.schemas.avro.Mode;
import org.jspecify.annotations.Nullable;

/**
 * The fields every command envelope carries whatever its aggregate: what the processor needs to check the record's
 * key, dedupe and log, without knowing the envelope's type.
 */
public record CommandHeader(String commandId, String aggregateId, String merchantId, Mode mode,
        @Nullable String requestId) {
}
