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
    public Mono<Void> handle(ServerWebExchange exchange, Throwable raised) {
        var request = exchange.getRequest();
        var requestId = RequestIds.of(exchange);
        if (RequestBodyFilter.answeredByHttpCodec(exchange)) {
            // The HTTP server answered 400 itself (a body it could not decode) and closed the connection.
            LogContext.of(exchange)
                    .inMdc(() -> log.info(
                            "request refused by the HTTP codec requestId={} method={} path={}",
                            requestId,
                            request.getMethod(),
                            request.getPath().value()));
            return Mono.empty();
        }
        // The words of a client's abort while the client still waits: a backend's connection broke (PostgreSQL's,
        // say). Answered as the failure it is, never left without an answer (which went out as an empty 200).
        var thrown = ClientAborts.isClientAbort(raised) && !ClientAborts.isGone(exchange)
                ? brokenConnection(exchange, raised)
                : raised;
        if (ClientAborts.isClientAbort(thrown)) {
            // The connection is gone (the client closed or reset it, or the HTTP codec closed it after an answer of its
            // own): nothing can be sent, and nothing failed on the gateway's side.
            LogContext.of(exchange)
                    .inMdc(() -> log.info(
                            "client aborted requestId={} method={} path={} reason=\"{}\"",
                            requestId,
                            request.getMethod(),
                            request.getPath().value(),
                            ClientAborts.reason(thrown)));
            ServerRequestObservationContext.findCurrent(exchange.getAttributes())
                    .ifPresent(context -> context.setConnectionAborted(true));
            return Mono.empty();
        }
        var error = ErrorClassifier.classify(thrown);
        LogContext.of(exchange).inMdc(() -> {
            if (exchange.getAttribute(COUNTED_ELSEWHERE) != null) {
                log.debug(
                        "request refused requestId={} method={} path={} status={} code={}",
                        requestId,
                        request.getMethod(),
                        request.getPath().value(),
                        error.status(),
                        error.code());
            } else if (error.isServerError() && thrown instanceof ApiException) {
                // A deliberate 5xx (a timeout, a backing service down): one line each, no stack, since under
                // load there are thousands of them and writing them must not slow the gateway further.
                log.warn(
                        "request failed requestId={} method={} path={} status={} code={}",
                        requestId,
                        request.getMethod(),
                        request.getPath().value(),
                        error.status(),
                        error.code());
            } else if (error.isServerError()) {
                log.error(
                        "request failed requestId={} method={} path={} status={} code={}",
                        requestId,
                        request.getMethod(),
                        request.getPath().value(),
                        error.status(),
                        error.code(),
                        thrown);
            } else {
                log.debug(
                        "request refused requestId={} method={} path={} status={} code={} message=\"{}\"",
                        requestId,
                        request.getMethod(),
                        request.getPath().value(),
                        error.status(),
                        error.code(),
                        error.message());
            }
        });
        var bytes = json.writeValueAsBytes(body(error, requestId));
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

    private static ApiException brokenConnection(ServerWebExchange exchange, Throwable cause) {
        var request = exchange.getRequest();
        LogContext.of(exchange)
                .inMdc(() -> log.warn(
                        "connection broke while serving requestId={} method={} path={} reason=\"{}\"",
                        RequestIds.of(exchange),
                        request.getMethod(),
                        request.getPath().value(),
                        ClientAborts.reason(cause)));
        return ClientAborts.brokenConnection();
    }

    private static LinkedHashMap<String, @Nullable Object> body(ApiError error, String requestId) {
        var body = JsonErrorAnswers.body(error.message(), error.code(), error.param());
        body.put("requestId", requestId);
        return body;
    }
}
