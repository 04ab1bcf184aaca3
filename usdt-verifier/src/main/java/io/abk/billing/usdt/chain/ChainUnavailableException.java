package io.abk.billing.usdt.chain;

import org.jspecify.annotations.Nullable;

/** No configured RPC URL answered: the request is answered 503 {@code chain_unavailable}, to be retried. */
public final class ChainUnavailableException extends RuntimeException {

    public ChainUnavailableException(String message, @Nullable Throwable cause) {
        super(message, cause);
    }
}
