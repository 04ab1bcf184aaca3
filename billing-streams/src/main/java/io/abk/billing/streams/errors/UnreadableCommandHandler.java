package io.abk.billing.streams.errors;

import io.abk.billing.streamskit.errors.DeadLetterDeserializationHandler;

/**
 * An input record cannot be decoded (not Avro single-object encoding, or a schema this deployment never
 * released): its bytes go to {@code billing.streams-dlt} with an ERROR line, and the task carries on with the
 * next record.
 */
public final class UnreadableCommandHandler extends DeadLetterDeserializationHandler {}
