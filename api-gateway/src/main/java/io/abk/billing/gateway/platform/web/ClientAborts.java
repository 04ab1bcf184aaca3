package io.abk.billing.gateway.platform.web;

import java.io.IOException;
import java.nio.channels.ClosedChannelException;
import java.util.Locale;
import org.springframework.web.util.DisconnectedClientHelper;
import reactor.netty.channel.AbortedException;

/**
 * Recognises the failures of a request whose client went away: Reactor Netty's {@link AbortedException} (the
 * connection closed before or while the answer was sent), a {@link ClosedChannelException}, or an I/O error saying the
 * peer reset or broke the connection. They are the client's doing, not the gateway's, and never a 500.
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

    /** The failure in a few words for the log line: its type and message, without a stack. */
    static String reason(Throwable thrown) {
        var message = thrown.getMessage();
        return thrown.getClass().getSimpleName() + (message == null ? "" : ": " + message.replace('"', '\''));
    }
}
