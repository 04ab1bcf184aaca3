package io.abk.billing.chain.relay;

import org.jspecify.annotations.Nullable;

/** No RPC URL of the chain answered within the retry budget. The message never names a URL (it may hold a key). */
public final class RpcUnavailableException extends RuntimeException {

    public RpcUnavailableException(String message, @Nullable Throwable cause) {
        super(message, cause);
    }
}
