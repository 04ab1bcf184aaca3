package io.abk.billing.gateway.platform.web;

import org.jspecify.annotations.Nullable;
import org.springframework.core.annotation.Order;
import org.springframework.core.io.buffer.DataBuffer;
import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpMethod;
import org.springframework.http.InvalidMediaTypeException;
import org.springframework.http.MediaType;
import org.springframework.http.server.reactive.AbstractServerHttpResponse;
import org.springframework.http.server.reactive.ServerHttpRequest;
import org.springframework.http.server.reactive.ServerHttpRequestDecorator;
import org.springframework.http.server.reactive.ServerHttpResponse;
import org.springframework.http.server.reactive.ServerHttpResponseDecorator;
import org.springframework.stereotype.Component;
import org.springframework.web.server.ServerWebExchange;
import org.springframework.web.server.WebFilter;
import org.springframework.web.server.WebFilterChain;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;
import reactor.netty.http.server.HttpServerResponse;

/**
 * Request body rules that hold before any handler reads a body:
 * <ul>
 *   <li>a declared {@code Content-Length} over 64 KiB (a checkout logo's: 256 KiB, {@link ApiHeaders#MAX_LOGO_BYTES})
 *       is refused at once with 413 (a chunked body without a length is caught by the codec limit
 *       {@code spring.http.codecs.max-in-memory-size} instead, or by the logo's route as it reads);</li>
 *   <li>a POST/PUT/PATCH without {@code Content-Type} is read as JSON, so {@code curl -d '{...}'} without a
 *       header works; a declared non-JSON type is still 415;</li>
 *   <li>a JSON body that is not well-formed UTF-8 is 400 {@code invalid_json} (the JSON parser would decode an
 *       overlong form or an encoded surrogate as if it were valid);</li>
 *   <li>a body whose framing the HTTP codec refused (a chunk size that is no number) ends in an error, not as an
 *       empty body: the codec has answered 400 and closed the connection by then, but the request was already
 *       dispatched, and a route that takes an optional body acted on it as if none had been sent.</li>
 * </ul>
 * The last two are decided when the body ends, before a handler can have read it whole.
 */
@Component
@Order(FilterOrder.BODY_LIMIT)
public class RequestBodyFilter implements WebFilter {

    /** Spring's words when a response's status is applied after Reactor Netty has sent the headers. */
    private static final String HEADERS_ALREADY_SENT = "Status and headers already sent";

    @Override
    public Mono<Void> filter(ServerWebExchange exchange, WebFilterChain chain) {
        var request = exchange.getRequest();
        var method = request.getMethod();
        var limit = ApiHeaders.maxBodyBytes(
                method, request.getPath().pathWithinApplication().value());
        if (declaredLength(request.getHeaders().getFirst(HttpHeaders.CONTENT_LENGTH)) > limit) {
            return Mono.error(
                    switch ((int) limit) {
                        case ApiHeaders.MAX_BODY_BYTES -> payloadTooLarge();
                        case ApiHeaders.MAX_LOGO_BYTES -> logoTooLarge();
                        default -> batchTooLarge();
                    });
        }
        boolean mayHaveBody = method == HttpMethod.POST || method == HttpMethod.PUT || method == HttpMethod.PATCH;
        ServerHttpRequest typed = request;
        if (mayHaveBody && request.getHeaders().getContentType() == null) {
            typed = request.mutate()
                    .headers(headers -> headers.setContentType(MediaType.APPLICATION_JSON))
                    .build();
        }
        var body = checked(exchange, typed.getBody(), isJson(typed.getHeaders()));
        return chain.filter(exchange.mutate()
                .request(new ServerHttpRequestDecorator(typed) {
                    @Override
                    public Flux<DataBuffer> getBody() {
                        return body;
                    }
                })
                .build());
    }

    /** The body as it arrives, ending in an error instead of completing when it is broken (see the class comment). */
    private static Flux<DataBuffer> checked(ServerWebExchange exchange, Flux<DataBuffer> body, boolean json) {
        return Flux.defer(() -> {
            var utf8 = json ? new Utf8Check() : null;
            var checkedBody = utf8 == null
                    ? body
                    : body.doOnNext(buffer -> {
                        for (int at = buffer.readPosition(); at < buffer.writePosition(); at++) {
                            if (!utf8.accept(buffer.getByte(at))) {
                                // The rest is still read and passed on, so the connection stays as after any other bad
                                // body.
                                break;
                            }
                        }
                    });
            return checkedBody.concatWith(Mono.defer(() -> {
                if (answeredByHttpCodec(exchange)) {
                    return Mono.error(new ApiException(
                            400, ErrorCodes.INVALID_REQUEST, "The request body's framing is malformed"));
                }
                if (utf8 != null && !utf8.complete()) {
                    return Mono.error(new ApiException(
                            400, ErrorCodes.INVALID_JSON, "The request body is not well-formed UTF-8"));
                }
                return Mono.empty();
            }));
        });
    }

    private static boolean isJson(HttpHeaders headers) {
        MediaType type;
        try {
            type = headers.getContentType();
        } catch (InvalidMediaTypeException e) {
            // Refused with 415 where a route reads the body; a route that reads none answers as it would anyway.
            return false;
        }
        return type != null
                && (MediaType.APPLICATION_JSON.isCompatibleWith(type) || "json".equals(type.getSubtypeSuffix()));
    }

    /**
     * Whether the HTTP server itself has already answered this request, without the gateway: Reactor Netty does so
     * (400, {@code Connection: close}) when it cannot decode the body of a request it has already dispatched.
     */
    static boolean answeredByHttpCodec(ServerWebExchange exchange) {
        return answeredByHttpCodec(exchange.getResponse());
    }

    /** {@link #answeredByHttpCodec(ServerWebExchange)} of an exchange's response. */
    static boolean answeredByHttpCodec(ServerHttpResponse response) {
        return !response.isCommitted() && headersSentByServer(response);
    }

    /**
     * Whether {@code thrown} is the gateway's own answer failing because the HTTP server had answered first: a route
     * that answers after the codec's 400 finds the status and headers already sent (Spring says so with an
     * {@link IllegalStateException} as it commits, so the response then reads as committed).
     */
    static boolean answeredByHttpCodec(ServerWebExchange exchange, Throwable thrown) {
        return answeredByHttpCodec(exchange)
                || (thrown instanceof IllegalStateException
                        && HEADERS_ALREADY_SENT.equals(thrown.getMessage())
                        && headersSentByServer(exchange.getResponse()));
    }

    private static boolean headersSentByServer(ServerHttpResponse response) {
        while (response instanceof ServerHttpResponseDecorator decorator) {
            response = decorator.getDelegate();
        }
        return response instanceof AbstractServerHttpResponse framework
                && framework.getNativeResponse() instanceof HttpServerResponse server
                && server.hasSentHeaders();
    }

    /** The declared length, -1 when absent; an unparseable length counts as too large rather than as a 500. */
    private static long declaredLength(@Nullable String header) {
        if (header == null) {
            return -1;
        }
        try {
            return Long.parseLong(header.strip());
        } catch (NumberFormatException e) {
            return Long.MAX_VALUE;
        }
    }

    private static ApiException logoTooLarge() {
        return new ApiException(
                413,
                ErrorCodes.PAYLOAD_TOO_LARGE,
                "A logo may be at most " + ApiHeaders.MAX_LOGO_BYTES + " bytes (256 KiB)");
    }

    /** A batch of meter events over {@link ApiHeaders#MAX_METER_EVENT_BATCH_BYTES}. */
    public static ApiException batchTooLarge() {
        return new ApiException(
                413,
                ErrorCodes.PAYLOAD_TOO_LARGE,
                "A batch of meter events may be at most " + ApiHeaders.MAX_METER_EVENT_BATCH_BYTES
                        + " bytes (1 MiB): send fewer events per batch");
    }

    public static ApiException payloadTooLarge() {
        return new ApiException(
                413,
                ErrorCodes.PAYLOAD_TOO_LARGE,
                "The request body is larger than the limit of " + ApiHeaders.MAX_BODY_BYTES + " bytes (64 KiB)");
    }
}
