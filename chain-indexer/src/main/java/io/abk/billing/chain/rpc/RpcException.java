package io.abk.billing.chain.rpc;

import org.jspecify.annotations.Nullable;

/** A JSON-RPC call that did not give an answer. Messages name URLs by position only. */
public sealed class RpcException extends RuntimeException permits RpcException.Unavailable, RpcException.RangeRefused {

    RpcException(String message, @Nullable Throwable cause) {
        super(message, cause);
    }

    RpcException(String message) {
        super(message);
    }

    /** Every URL failed (connection error, HTTP error, timeout, JSON-RPC error) through all retries. */
    public static final class Unavailable extends RpcException {

        Unavailable(String message, @Nullable Throwable cause) {
            super(message, cause);
        }
    }

    /**
     * The provider refused an {@code eth_getLogs} range as too large (too many blocks, logs or bytes) or did not
     * answer it in time: ask for fewer blocks.
     */
    public static final class RangeRefused extends RpcException {

        RangeRefused(String message) {
            super(message);
        }
    }
}
