package io.abk.billing.chainrpc;

import org.jspecify.annotations.Nullable;

/**
 * No RPC URL of the chain answered within the call's budget (connection errors, timeouts, HTTP errors, and JSON-RPC
 * errors where they count as the URL failing), or the calling thread was interrupted. The message never names a URL.
 */
public final class RpcUnavailableException extends RpcException {

    public RpcUnavailableException(String message, @Nullable Throwable cause) {
        super(message, cause);
    }
}
