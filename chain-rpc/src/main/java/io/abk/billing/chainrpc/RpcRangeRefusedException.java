package io.abk.billing.chainrpc;

/**
 * The provider refused an {@code eth_getLogs} range as too large (too many blocks, logs or bytes) or did not answer it
 * in time: ask for fewer blocks.
 */
public final class RpcRangeRefusedException extends RpcException {

    RpcRangeRefusedException(String message) {
        super(message, null);
    }
}
