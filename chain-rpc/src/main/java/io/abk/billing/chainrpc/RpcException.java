package io.abk.billing.chainrpc;

import org.jspecify.annotations.Nullable;

/** A JSON-RPC call that gave no result. Messages name URLs by position only: a URL may carry a provider's key. */
public abstract sealed class RpcException extends RuntimeException
        permits RpcUnavailableException, RpcErrorException, RpcRangeRefusedException {

    RpcException(String message, @Nullable Throwable cause) {
        super(message, cause);
    }
}
