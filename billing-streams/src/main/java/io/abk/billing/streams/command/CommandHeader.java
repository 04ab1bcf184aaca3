package io.abk.billing.streams.command;

import io.abk.billing.schemas.avro.Mode;
import java.time.Instant;
import org.jspecify.annotations.Nullable;

/**
 * The fields every command envelope carries whatever its aggregate: what the processor needs to check the record's
 * key, dedupe, log and count, and what every {@code Change} and event of the command repeats.
 */
public record CommandHeader(
        String commandId,
        String aggregateId,
        String merchantId,
        Mode mode,
        Instant requestedAt,
        @Nullable String requestId,
        String type) {

    /** The command's kind as metrics name it: its payload's record name ({@code CreateSubscription}). */
    public static String typeOf(Object payload) {
        return payload.getClass().getSimpleName();
    }
}
