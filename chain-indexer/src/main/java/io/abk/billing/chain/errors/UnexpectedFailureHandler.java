package io.abk.billing.chain.errors;

import io.abk.billing.schemas.avro.ChainRequest;
import io.abk.billing.streamskit.errors.LogAndSkipProcessingHandler;
import org.jspecify.annotations.Nullable;

/**
 * A processor threw. The settlement processor answers every addressable request even when deciding fails, so this
 * is a bug past that point (building or storing the answer): logged with the request's ids and skipped, so one
 * poison record cannot stop settlement for its whole partition.
 */
public final class UnexpectedFailureHandler extends LogAndSkipProcessingHandler {

    @Override
    protected String describe(@Nullable Object value) {
        return value instanceof ChainRequest request
                ? "chainRequestId=" + request.getRequestId() + " resultCommandId=" + request.getResultCommandId()
                : "chainRequestId=null resultCommandId=null";
    }
}
