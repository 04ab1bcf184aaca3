package io.abk.billing.gateway.platform.web;

import java.io.IOException;
import java.nio.channels.ClosedChannelException;
import java.time.Duration;
import java.util.Locale;
import org.springframework.web.util.DisconnectedClientHelper;
import reactor.netty.channel.AbortedException;

/**
 * Recognises the failures of a request whose client went away: Reactor Netty's {@link AbortedException} (the
 * connection closed before or while the answer was sent), a {@link ClosedChannelException}, or an I/O error saying the
 * peer reset or broke the connection. They are the client's doing, not the gateway's, and never a 500. The same words
 * ("connection reset by peer", an {@code EOFException}) also come from a backend whose connection broke, PostgreSQL's
 * say, while the client still waits, so such a request is still answered ({@link #brokenConnection}).
 */
final class ClientAborts {

    private ClientAborts() {}

    static boolean isClientAbort(Throwable thrown) {
        if (DisconnectedClientHelper.isClientDisconnectedException(thrown)) {
            return true;
        }
        for (Throwable t = thrown; t != null; t = t.getCause() == t ? null : t.getCause()) {
            if (t instanceof AbortedException || t instanceof ClosedChannelException) {
                return true;
            }
            if (t instanceof IOException && t.getMessage() != null) {
                var message = t.getMessage().toLowerCase(Locale.ROOT);
                if (message.contains("connection reset by peer") || message.contains("broken pipe")) {
                    return true;
                }
            }
        }
        return false;
    }

    /**
     * The answer to a request whose connection broke, the client's (then it never arrives) or a backend's: 503
     * {@code service_unavailable}, which a client retries (with its Idempotency-Key).
     */
    static ApiException brokenConnection() {
        return new ApiException(
                503,
                ErrorCodes.SERVICE_UNAVAILABLE,
                "A connection the server needed broke while it served this request; retry it (with the same"
                        + " Idempotency-Key for a POST)",
                null,
                Duration.ofSeconds(1));
    }

    /** The failure in a few words for the log line: its type and message, without a stack. */
    static String reason(Throwable thrown) {
        var message = thrown.getMessage();
        return thrown.getClass().getSimpleName() + (message == null ? "" : ": " + message.replace('"', '\''));
    }
}
