package io.abk.billing.gateway.platform.web;

import io.abk.billing.opskit.web.JsonErrorAnswers;
import java.util.LinkedHashMap;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.core.annotation.Order;
import org.springframework.http.server.reactive.observation.ServerRequestObservationContext;
import org.springframework.stereotype.Component;
import org.springframework.web.server.ServerWebExchange;
import org.springframework.web.server.WebExceptionHandler;
import reactor.core.publisher.Mono;
import tools.jackson.databind.json.JsonMapper;

/**
 * The one place errors become responses: {@code {error, code, param?, requestId}} with the status of the
 * error, for failures in filters, handlers and the framework alike, written by {@link JsonErrorAnswers} once
 * the unread request body is drained. Ordered before Spring Boot's own error handler (order -1) so no
 * framework-shaped error body ever leaves the gateway. 5xx are logged with their stack; 4xx are the client's
 * business and only logged at debug. A client that went away (closed or reset the connection before it had its
 * answer) is no error of the gateway's: one INFO line, no answer, and the request's metrics say aborted rather
 * than 500.
 */
@Component
@Order(-2)
public class ApiErrorHandler implements WebExceptionHandler {

    private static final Logger log = LoggerFactory.getLogger(ApiErrorHandler.class);

    /**
     * An exchange attribute set by a filter that refuses requests in bulk and counts and logs them itself (load
     * shedding): its refusals are logged here at debug only, so an overload does not also flood the log.
     */
    public static final String COUNTED_ELSEWHERE = ApiErrorHandler.class.getName() + ".countedElsewhere";

    private final JsonMapper json;

    public ApiErrorHandler(JsonMapper json) {
        this.json = json;
    }

    @Override
    public Mono<Void> handle(ServerWebExchange exchange, Throwable thrown) {
        var request = exchange.getRequest();
        var requestId = RequestIds.of(exchange);
        if (RequestBodyFilter.answeredByHttpCodec(exchange, thrown)) {
            // The HTTP server answered 400 itself (a body it could not decode) and closed the connection, before the
            // gateway's own answer (or instead of it).
            LogContext.of(exchange)
                    .inMdc(() -> log.info(
                            "request refused by the HTTP codec requestId={} method={} path={}",
                            requestId,
                            request.getMethod(),
                            RequestPaths.forLog(request)));
            return Mono.empty();
        }
        if (ClientAborts.isClientAbort(thrown)) {
            // The connection is gone (the client closed or reset it, or the HTTP codec closed it after an answer of its
            // own): nothing failed on the gateway's side.
            LogContext.of(exchange)
                    .inMdc(() -> log.info(
                            "client aborted requestId={} method={} path={} reason=\"{}\"",
                            requestId,
                            request.getMethod(),
                            RequestPaths.forLog(request),
                            ClientAborts.reason(thrown)));
            ServerRequestObservationContext.findCurrent(exchange.getAttributes())
                    .ifPresent(context -> context.setConnectionAborted(true));
            return answerInCase(exchange);
        }
        var error = ErrorClassifier.classify(thrown);
        LogContext.of(exchange).inMdc(() -> {
            if (exchange.getAttribute(COUNTED_ELSEWHERE) != null) {
                log.debug(
                        "request refused requestId={} method={} path={} status={} code={}",
                        requestId,
                        request.getMethod(),
                        RequestPaths.forLog(request),
                        error.status(),
                        error.code());
            } else if (error.isServerError() && thrown instanceof ApiException) {
                // A deliberate 5xx (a timeout, a backing service down): one line each, no stack, since under
                // load there are thousands of them and writing them must not slow the gateway further.
                log.warn(
                        "request failed requestId={} method={} path={} status={} code={}",
                        requestId,
                        request.getMethod(),
                        RequestPaths.forLog(request),
                        error.status(),
                        error.code());
            } else if (error.isServerError()) {
                log.error(
                        "request failed requestId={} method={} path={} status={} code={}",
                        requestId,
                        request.getMethod(),
                        RequestPaths.forLog(request),
                        error.status(),
                        error.code(),
                        thrown);
            } else {
                log.debug(
                        "request refused requestId={} method={} path={} status={} code={} message=\"{}\"",
                        requestId,
                        request.getMethod(),
                        RequestPaths.forLog(request),
                        error.status(),
                        error.code(),
                        error.message());
            }
        });
        return answer(exchange, thrown, error);
    }

    /** Writes {@code error} as the JSON answer with the headers every answer carries. */
    private Mono<Void> answer(ServerWebExchange exchange, Throwable thrown, ApiError error) {
        var bytes = json.writeValueAsBytes(body(error, RequestIds.of(exchange)));
        return JsonErrorAnswers.write(
                exchange,
                thrown,
                error.status(),
                headers -> {
                    RequestIdFilter.stampHeaders(exchange);
                    var retryAfter = error.retryAfterSeconds();
                    if (retryAfter != null) {
                        headers.set(ApiHeaders.RETRY_AFTER, Long.toString(retryAfter));
                    }
                    error.headers().forEach(headers::put);
                },
                bytes);
    }

    /**
     * The answer to an aborted request, in case its client is still there: the same words ("connection reset by peer",
     * an {@code EOFException}) also come from a backend whose connection broke (PostgreSQL's, say) while the client
     * waits, and a request left without an answer went out as 200 with an empty body. 503 {@code service_unavailable}
     * is retried (with the request's Idempotency-Key); sent to a client that is gone, it goes nowhere, and a failure to
     * send it is the abort already logged.
     */
    private Mono<Void> answerInCase(ServerWebExchange exchange) {
        if (exchange.getResponse().isCommitted()) {
            return Mono.empty();
        }
        var answer = ClientAborts.brokenConnection();
        return answer(exchange, answer, ErrorClassifier.classify(answer)).onErrorComplete();
    }

    private static LinkedHashMap<String, @Nullable Object> body(ApiError error, String requestId) {
        var body = JsonErrorAnswers.body(error.message(), error.code(), error.param());
        body.put("requestId", requestId);
        return body;
    }
}
