package io.abk.billing.gateway.platform.web;

import io.abk.billing.gateway.config.BillingProperties;
import java.time.Duration;
import java.util.function.BiFunction;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.core.annotation.Order;
import org.springframework.stereotype.Component;
import org.springframework.web.server.ServerWebExchange;
import org.springframework.web.server.WebFilter;
import org.springframework.web.server.WebFilterChain;
import reactor.core.publisher.Mono;

/**
 * Every request ends with an answer, whatever happens inside its chain:
 * <ul>
 *   <li>An {@code Error} Reactor counts as JVM-fatal ({@code VirtualMachineError} such as {@code StackOverflowError},
 *       {@code LinkageError} such as {@code ExceptionInInitializerError}) is thrown by its operators up the stack of
 *       whichever thread emitted, not signalled down the chain: the request was left without an answer (or, on the
 *       event loop, its connection closed). The request's Reactor context asks operators to signal it instead
 *       (Reactor's per-subscription {@code onNextError} strategy, the one {@code onErrorContinue} uses), so it becomes a
 *       500 {@code internal_error} at once, like any other bug.</li>
 *   <li>Where no operator can catch it (a callable or a driver callback that throws), or a chain simply never ends,
 *       the deadline answers: 503 {@code request_timeout} after {@code billing.request-timeout} plus {@link #MARGIN}.
 *       Cancelling the chain releases what it holds (an idempotency key's lease), so a retry with the key can run.</li>
 * </ul>
 */
@Component
@Order(FilterOrder.DEADLINE)
public class RequestDeadlineFilter implements WebFilter {

    /**
     * Past the command wait ({@code billing.request-timeout}): a command's own 503 {@code processing_timeout}, which a
     * retry resumes from, comes first; the margin covers the lookups before and after that wait on a slow database.
     */
    public static final Duration MARGIN = Duration.ofSeconds(5);

    /** Reactor's context key for a subscription's {@code onNextError} strategy ({@code OnNextFailureStrategy}). */
    static final String ON_NEXT_ERROR_STRATEGY = "reactor.onNextError.localStrategy";

    /**
     * Signals every error an operator's function throws (as Reactor does for all but fatal ones) and cancels upstream;
     * never drops a value ({@code null} would make the operator continue, as {@code onErrorContinue} does).
     */
    private static final BiFunction<Throwable, @Nullable Object, Throwable> SIGNAL_EVERY_ERROR =
            (error, value) -> error;

    private static final Logger log = LoggerFactory.getLogger(RequestDeadlineFilter.class);

    private final Duration deadline;

    public RequestDeadlineFilter(BillingProperties billing) {
        this.deadline = billing.requestTimeout().plus(MARGIN);
    }

    @Override
    public Mono<Void> filter(ServerWebExchange exchange, WebFilterChain chain) {
        return chain.filter(exchange)
                .timeout(deadline, Mono.defer(() -> {
                    var request = exchange.getRequest();
                    log.warn(
                            "request deadline passed requestId={} method={} path={} deadline={}",
                            RequestIds.of(exchange),
                            request.getMethod(),
                            RequestPaths.forLog(request),
                            deadline);
                    return Mono.error(timedOut());
                }))
                .contextWrite(context -> context.put(ON_NEXT_ERROR_STRATEGY, SIGNAL_EVERY_ERROR));
    }

    private ApiException timedOut() {
        return new ApiException(
                503,
                ErrorCodes.REQUEST_TIMEOUT,
                "The request could not be completed within " + deadline.toSeconds()
                        + " s; retry shortly (with the same Idempotency-Key for a POST)",
                null,
                Duration.ofSeconds(1));
    }
}
