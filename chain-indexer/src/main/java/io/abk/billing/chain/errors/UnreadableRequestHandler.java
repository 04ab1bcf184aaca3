package io.abk.billing.chain.errors;

import io.abk.billing.streamskit.errors.DeadLetterDeserializationHandler;

/**
 * A chain request, result, transfer or change cannot be decoded (not Avro single-object encoding, or a schema this
 * deployment never released): nothing in it can be trusted, not even whom to answer, so its bytes go to
 * {@code chain.indexer-dlt} with an ERROR line and the task carries on with the next record.
 */
public final class UnreadableRequestHandler extends DeadLetterDeserializationHandler {}
