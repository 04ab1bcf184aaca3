package io.abk.billing.chain.errors;

import io.abk.billing.schemas.avro.ChainRequest;
import io.abk.billing.schemas.avro.ChainResult;
import io.abk.billing.streamskit.errors.DeadLetterProcessingHandler;
import org.jspecify.annotations.Nullable;

/**
 * A processor threw: a bug in chain-indexer, never a chain's refusal or an outage (those are answers). The record
 * goes to {@code chain.indexer-dlt} with the request's ids in the ERROR line, and nothing is answered for it: a
 * bug must not reach the customer as a failed charge, refund or confirm. The request stays in flight until the
 * record is replayed once the bug is fixed.
 */
public final class ChainRequestFailureHandler extends DeadLetterProcessingHandler {

    @Override
    protected String describe(@Nullable Object value) {
        var request = switch (value) {
            case ChainRequest chainRequest -> chainRequest;
            case ChainResult result -> result.getRequest();
            case null, default -> null;
        };
        return request == null
                ? "chainRequestId=null resultCommandId=null"
                : "chainRequestId=" + request.getRequestId() + " resultCommandId=" + request.getResultCommandId()
                        + " merchantId=" + request.getMerchantId() + " mode=" + request.getMode();
    }
}
