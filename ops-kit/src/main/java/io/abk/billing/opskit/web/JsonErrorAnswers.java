package io.abk.billing.opskit.web;

import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Consumer;
import org.jspecify.annotations.Nullable;
import org.springframework.core.io.buffer.DataBufferUtils;
import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpStatusCode;
import org.springframework.http.MediaType;
import org.springframework.web.server.ServerWebExchange;
import reactor.core.publisher.Mono;

/**
 * The answer a WebFlux error handler writes once it has classified a failure and logged it: the status, JSON
 * content, the service's own headers and body bytes, written after what is left of the request body has been read.
 * The body starts as {@link #body}: {@code {error, code, param?}}, to which a service adds its own fields.
 */
public final class JsonErrorAnswers {

    /** Past this, an unread body is not worth receiving just to keep the connection: close it instead. */
    static final long MAX_DRAINED_BYTES = 1024 * 1024;

    private static final Duration DRAIN_TIMEOUT = Duration.ofSeconds(5);

    private JsonErrorAnswers() {}

    /**
     * Writes {@code body} as the JSON answer with {@code status}; {@code headers} adds the service's own headers
     * (request id, {@code Retry-After}, ...). When the response is already committed, headers and perhaps part of a
     * body are on the wire and nothing sane can be written: the failure is passed on instead.
     */
    public static Mono<Void> write(
            ServerWebExchange exchange, Throwable thrown, int status, Consumer<HttpHeaders> headers, byte[] body) {
        var response = exchange.getResponse();
        if (response.isCommitted()) {
            return Mono.error(thrown);
        }
        var responseHeaders = response.getHeaders();
        responseHeaders.clearContentHeaders();
        responseHeaders.setContentType(MediaType.APPLICATION_JSON);
        headers.accept(responseHeaders);
        response.setStatusCode(HttpStatusCode.valueOf(status));
        return drainRequestBody(exchange)
                .then(response.writeWith(
                        Mono.fromSupplier(() -> response.bufferFactory().wrap(body))));
    }

    /** The start of every error body, in this order: {@code error} (the message), {@code code}, {@code param} if any. */
    public static LinkedHashMap<String, @Nullable Object> body(
            @Nullable String message, String code, @Nullable String param) {
        var body = new LinkedHashMap<String, @Nullable Object>();
        body.put("error", message);
        body.put("code", code);
        if (param != null) {
            body.put("param", param);
        }
        return body;
    }

    /** Whether {@code error} or one of its causes is a {@code type}: frameworks wrap what the client got wrong. */
    public static boolean hasCause(Throwable error, Class<? extends Throwable> type) {
        for (Throwable t = error; t != null; t = t.getCause() == t ? null : t.getCause()) {
            if (type.isInstance(t)) {
                return true;
            }
        }
        return false;
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
}
