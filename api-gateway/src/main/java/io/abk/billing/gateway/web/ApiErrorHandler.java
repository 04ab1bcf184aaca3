package io.abk.billing.gateway.web;

import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicLong;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.core.annotation.Order;
import org.springframework.core.io.buffer.DataBufferUtils;
import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpStatusCode;
import org.springframework.http.MediaType;
import org.springframework.http.server.reactive.observation.ServerRequestObservationContext;
import org.springframework.stereotype.Component;
import org.springframework.web.server.ServerWebExchange;
import org.springframework.web.server.WebExceptionHandler;
import reactor.core.publisher.Mono;
import tools.jackson.databind.json.JsonMapper;

/**
 * The one place errors become responses: {@code {error, code, param?, requestId}} with the status of the
 * error, for failures in filters, handlers and the framework alike. Ordered before Spring Boot's own error
 * handler (order -1) so no framework-shaped error body ever leaves the gateway. 5xx are logged with their
 * stack; 4xx are the client's business and only logged at debug. A client that went away (closed or reset the
 * connection before it had its answer) is no error of the gateway's: one INFO line, no answer, and the request's
 * metrics say aborted rather than 500.
 */
@Component
@Order(-2)
public class ApiErrorHandler implements WebExceptionHandler {

    private static final Logger log = LoggerFactory.getLogger(ApiErrorHandler.class);

    /** Past this, an unread body is not worth receiving just to keep the connection: close it instead. */
    private static final long MAX_DRAINED_BYTES = 1024 * 1024;
    private static final Duration DRAIN_TIMEOUT = Duration.ofSeconds(5);

    private final JsonMapper json;

    public ApiErrorHandler(JsonMapper json) {
        this.json = json;
    }

    @Override
    public Mono<Void> handle(ServerWebExchange exchange, Throwable thrown) {
        var request = exchange.getRequest();
        var requestId = RequestIds.of(exchange);
        if (RequestBodyFilter.answeredByHttpCodec(exchange)) {
            // The HTTP server answered 400 itself (a body it could not decode) and closed the connection.
            LogContext.of(exchange).inMdc(() -> log.info("request refused by the HTTP codec requestId={} method={} path={}", requestId,
                    request.getMethod(), request.getPath().value()));
            return Mono.empty();
        }
        if (ClientAborts.isClientAbort(thrown)) {
            // The connection is gone (the client closed or reset it, or the HTTP codec closed it after an answer of its
            // own): nothing can be sent, and nothing failed on the gateway's side.
            LogContext.of(exchange).inMdc(() -> log.info("client aborted requestId={} method={} path={} reason=\"{}\"", requestId,
                    request.getMethod(), request.getPath().value(), ClientAborts.reason(thrown)));
            ServerRequestObservationContext.findCurrent(exchange.getAttributes()).ifPresent(context -> context.setConnectionAborted(true));
            return Mono.empty();
        }
        var error = ErrorClassifier.classify(thrown);
        LogContext.of(exchange).inMdc(() -> {
            if (error.isServerError()) {
                log.error("request failed requestId={} method={} path={} status={} code={}", requestId, request.getMethod(),
                        request.getPath().value(), error.status(), error.code(), thrown);
            } else {
                log.debug("request refused requestId={} method={} path={} status={} code={} message=\"{}\"", requestId,
                        request.getMethod(), request.getPath().value(), error.status(), error.code(), error.message());
            }
        });
        var response = exchange.getResponse();
        if (response.isCommitted()) {
            // Headers and perhaps part of a body are already on the wire: nothing sane can be written now.
            return Mono.error(thrown);
        }
        var headers = response.getHeaders();
        headers.clearContentHeaders();
        RequestIdFilter.stampHeaders(exchange);
        headers.setContentType(MediaType.APPLICATION_JSON);
        var retryAfter = error.retryAfterSeconds();
        if (retryAfter != null) {
            headers.set(ApiHeaders.RETRY_AFTER, Long.toString(retryAfter));
        }
        error.headers().forEach(headers::put);
        response.setStatusCode(HttpStatusCode.valueOf(error.status()));
        var bytes = json.writeValueAsBytes(body(error, requestId));
        return drainRequestBody(exchange)
                .then(response.writeWith(Mono.fromSupplier(() -> response.bufferFactory().wrap(bytes))));
    }

    /**
     * Reads what is left of the request body before answering. An error found before the body was read (a bad
     * key, version or length) would otherwise be answered while the body is still arriving, and Reactor Netty
     * then leaves that kept-alive connection unable to serve the client's next request (it hangs until the
     * client times out). Bodies too large to be worth reading close the connection instead.
     */
    private static Mono<Void> drainRequestBody(ServerWebExchange exchange) {
        var request = exchange.getRequest();
        var responseHeaders = exchange.getResponse().getHeaders();
        if (request.getHeaders().getContentLength() > MAX_DRAINED_BYTES) {
            responseHeaders.set(HttpHeaders.CONNECTION, "close");
            return Mono.empty();
        }
        var seen = new AtomicLong();
        return request.getBody()
                .doOnNext(buffer -> {
                    seen.addAndGet(buffer.readableByteCount());
                    DataBufferUtils.release(buffer);
                })
                .takeUntil(buffer -> seen.get() > MAX_DRAINED_BYTES)
                .then()
                .timeout(DRAIN_TIMEOUT)
                // Already read by the handler (the usual case), or the client stopped sending: nothing to drain.
                .onErrorResume(error -> {
                    if (error instanceof TimeoutException) {
                        responseHeaders.set(HttpHeaders.CONNECTION, "close");
                    }
                    return Mono.empty();
                })
                .doOnSuccess(done -> {
                    if (seen.get() > MAX_DRAINED_BYTES) {
                        responseHeaders.set(HttpHeaders.CONNECTION, "close");
                    }
                });
    }

    private static LinkedHashMap<String, @Nullable Object> body(ApiError error, String requestId) {
        var body = new LinkedHashMap<String, @Nullable Object>();
        body.put("error", error.message());
        body.put("code", error.code());
        if (error.param() != null) {
            body.put("param", error.param());
        }
        body.put("requestId", requestId);
        return body;
    }
}
