package io.abk.billing.gateway.web;

import io.micrometer.context.ContextRegistry;
import io.micrometer.context.integration.Slf4jThreadLocalAccessor;
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

    /** A context holding one more log field, for {@code contextWrite}. */
    public static Fields with(String key, String value) {
        return new Fields(Context.of(key, value));
    }

    /** Log fields to write into a reactive chain's context. */
    public record Fields(Context context) implements java.util.function.Function<Context, Context> {

        public Fields and(String key, String value) {
            return new Fields(context.put(key, value));
        }

        @Override
        public Context apply(Context upstream) {
            return upstream.putAll(context.readOnly());
        }
    }
}
