package io.abk.billing.gateway.platform.web;

import io.micrometer.context.ContextRegistry;
import io.micrometer.context.integration.Slf4jThreadLocalAccessor;
import java.util.HashMap;
import java.util.Map;
import java.util.function.Function;
import java.util.function.Supplier;
import org.jspecify.annotations.Nullable;
import org.slf4j.MDC;
import org.springframework.web.server.ServerWebExchange;
import reactor.core.publisher.Mono;
import reactor.util.context.Context;
import reactor.util.context.ContextView;

/**
 * What every log line the gateway writes about a request carries as structured fields (the MDC): {@code requestId},
 * and once known {@code merchantId}, {@code mode} and {@code commandId}. Readable logs show them in the message
 * already; JSON logs ({@code BILLING_LOG_FORMAT=ecs}) get them as fields. Never a key or a secret.
 *
 * <p>A request hops threads, so the fields travel in Reactor's context ({@link #with}). They are put into the MDC only
 * where a line is logged, not at every step: Reactor's {@code handle} and {@code tap} do it by themselves through the
 * accessor {@link #register()} installs (Spring's {@code limited} context propagation), and other log sites run their
 * line inside {@link Fields#inMdc} with the fields of their context ({@link #of(ContextView)}, {@link #mapError}) or of
 * their exchange ({@link #of(ServerWebExchange)}). Restoring the MDC at every step of every request (automatic
 * propagation) cost about a sixth of the gateway's CPU for a handful of log lines.
 */
public final class LogContext {

    public static final String REQUEST_ID = "requestId";
    public static final String MERCHANT_ID = "merchantId";
    public static final String MODE = "mode";
    public static final String COMMAND_ID = "commandId";

    /** Exchange attribute holding the {@link Fields} known so far, for code that runs outside the filters' context. */
    private static final String ATTRIBUTE = LogContext.class.getName() + ".fields";

    private LogContext() {}

    /** Makes the four keys travel from Reactor's context into the MDC of {@code handle} and {@code tap}; idempotent. */
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
     * Adds {@code fields} to those the exchange carries, and returns them for {@code contextWrite}: the exchange keeps
     * them for the error handler, which runs outside the filters and so outside their context.
     */
    public static Fields add(ServerWebExchange exchange, Fields fields) {
        exchange.getAttributes().merge(ATTRIBUTE, fields, (known, more) -> ((Fields) known).and((Fields) more));
        return fields;
    }

    /** The fields {@link #add} left on the exchange (none when no filter ran). */
    public static Fields of(ServerWebExchange exchange) {
        return exchange.getAttribute(ATTRIBUTE) instanceof Fields fields ? fields : new Fields(Map.of());
    }

    /** The fields written into a reactive chain's context, for a log line written outside {@code handle} or {@code tap}. */
    public static Fields of(ContextView context) {
        Map<String, String> stored = context.getOrDefault(Slf4jThreadLocalAccessor.KEY, Map.of());
        return new Fields(stored == null ? Map.of() : stored);
    }

    /**
     * {@code Mono.error(map(error))} with the chain's log fields in the MDC while {@code map} runs: for an error
     * mapping that logs ({@code onErrorResume(e -> LogContext.mapError(e, ...))}).
     */
    public static <T> Mono<T> mapError(Throwable error, Function<Throwable, ? extends Throwable> map) {
        return Mono.deferContextual(context -> Mono.error(of(context).computeInMdc(() -> map.apply(error))));
    }

    /**
     * Log fields to write into a reactive chain's context. They live there as one map under the accessor's key, which
     * is what it copies into the MDC; fields written further out (the request id) are kept.
     */
    public record Fields(Map<String, String> fields) implements Function<Context, Context> {

        public Fields {
            var present = new HashMap<String, String>();
            // What the accessor captured from a thread holds its keys with null for those that thread had not set.
            fields.forEach((key, value) -> {
                if (value != null) {
                    present.put(key, value);
                }
            });
            fields = Map.copyOf(present);
        }

        public Fields and(String key, String value) {
            return and(new Fields(Map.of(key, value)));
        }

        public Fields and(Fields more) {
            var merged = new HashMap<>(fields);
            merged.putAll(more.fields);
            return new Fields(merged);
        }

        @Override
        public Context apply(Context upstream) {
            return upstream.put(
                    Slf4jThreadLocalAccessor.KEY, of(upstream).and(this).fields());
        }

        /** Runs {@code logging} with these fields in the MDC, then puts back what the thread had there. */
        public <T extends @Nullable Object> T computeInMdc(Supplier<T> logging) {
            var previous = new HashMap<String, String>();
            fields.forEach((key, value) -> {
                previous.put(key, MDC.get(key));
                MDC.put(key, value);
            });
            try {
                return logging.get();
            } finally {
                previous.forEach((key, value) -> {
                    if (value == null) {
                        MDC.remove(key);
                    } else {
                        MDC.put(key, value);
                    }
                });
            }
        }

        /** {@link #computeInMdc} for a log line that returns nothing. */
        public void inMdc(Runnable logging) {
            computeInMdc(() -> {
                logging.run();
                return null;
            });
        }
    }
}
