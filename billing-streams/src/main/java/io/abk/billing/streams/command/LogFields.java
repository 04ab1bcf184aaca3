package io.abk.billing.streams.command;

import java.util.Locale;
import org.slf4j.MDC;

/**
 * The command's ids as structured log fields (the MDC) while it is processed: {@code commandId}, {@code merchantId},
 * {@code mode} and, when the gateway sent it, {@code requestId}, so every line logged meanwhile (here or in a library)
 * can be traced to the request; JSON logs carry them as fields. Closing removes them: a stream thread moves on to
 * the next record of another merchant.
 */
final class LogFields implements AutoCloseable {

    private static final String[] KEYS = {"commandId", "merchantId", "mode", "requestId"};

    private LogFields() {}

    static LogFields of(CommandHeader header) {
        MDC.put("commandId", header.commandId());
        MDC.put("merchantId", header.merchantId());
        MDC.put("mode", header.mode().name().toLowerCase(Locale.ROOT));
        if (header.requestId() != null) {
            MDC.put("requestId", header.requestId());
        }
        return new LogFields();
    }

    @Override
    public void close() {
        for (var key : KEYS) {
            MDC.remove(key);
        }
    }
}
