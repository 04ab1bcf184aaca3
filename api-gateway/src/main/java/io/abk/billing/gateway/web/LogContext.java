package io.abk.billing.gateway.web;

import io.micrometer.context.ContextRegistry;
import io.micrometer.context.integration.Slf4jThreadLocalAccessor;
import java.util.HashMap;
import java.util.Map;
import java.util.function.Function;
import reactor.util.context.Context;

/**
 * What every log line of a request carries as structured fields (the MDC): {@code requestId}, and once known
 * {@code merchantId}, {@code mode} and {@code commandId}. A request hops threads, so the values travel in Reactor's
 * context ({@link #with}) and Reactor's automatic context propagation ({@code spring.reactor.context-propagation:
 * auto}) puts them into the MDC of whichever thread runs the next step, through the accessor {@link #register()}
 * installs. Readable logs show them in the message already; JSON logs ({@code BILLING_LOG_FORMAT=ecs}) get them as
 * fields. Never a key or a secret.
 */
public final class LogContext {

    public static final String REQUEST_ID = "requestId";
    public static final String MERCHANT_ID = "merchantId";
    public static final String MODE = "mode";
    public static final String COMMAND_ID = "commandId";

    private LogContext() {
    }

    /** Makes the four keys travel from Reactor's context into the MDC; idempotent. */
    public static synchronized void register() {
        var registry = ContextRegistry.getInstance();
        registry.removeThreadLocalAccessor(Slf4jThreadLocalAccessor.KEY);
        registry.registerThreadLocalAccessor(new Slf4jThreadLocalAccessor(REQUEST_ID, MERCHANT_ID, MODE, COMMAND_ID));
    }

    /** One more log field, for {@code contextWrite}: merged into the fields already in the context. */
    public static Fields with(String key, String value) {
        return new Fields(Map.of(key, value));
    }

    /**
     * Log fields to write into a reactive chain's context. They live there as one map under the accessor's key, which
     * is what it copies into the MDC; fields written further out (the request id) are kept.
     */
    public record Fields(Map<String, String> fields) implements Function<Context, Context> {

        public Fields {
            fields = Map.copyOf(fields);
        }

        public Fields and(String key, String value) {
            var more = new HashMap<>(fields);
            more.put(key, value);
            return new Fields(more);
        }

        @Override
        public Context apply(Context upstream) {
            Map<String, String> existing = upstream.getOrDefault(Slf4jThreadLocalAccessor.KEY, Map.of());
            var merged = new HashMap<String, String>();
            // What the accessor captured from a thread holds its keys with null for those that thread had not set.
            if (existing != null) {
                existing.forEach((key, value) -> {
                    if (value != null) {
                        merged.put(key, value);
                    }
                });
            }
            merged.putAll(fields);
            return upstream.put(Slf4jThreadLocalAccessor.KEY, Map.copyOf(merged));
        }
    }
}
