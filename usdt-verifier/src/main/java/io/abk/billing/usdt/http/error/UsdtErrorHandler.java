package io.abk.billing.usdt.http.error;

import static io.abk.billing.opskit.web.JsonErrorAnswers.hasCause;

import io.abk.billing.opskit.web.JsonErrorAnswers;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.core.annotation.Order;
import org.springframework.core.codec.DecodingException;
import org.springframework.core.io.buffer.DataBufferLimitException;
import org.springframework.http.HttpHeaders;
import org.springframework.http.InvalidMediaTypeException;
import org.springframework.stereotype.Component;
import org.springframework.web.server.MethodNotAllowedException;
import org.springframework.web.server.NotAcceptableStatusException;
import org.springframework.web.server.PayloadTooLargeException;
import org.springframework.web.server.ResponseStatusException;
import org.springframework.web.server.ServerWebExchange;
import org.springframework.web.server.ServerWebInputException;
import org.springframework.web.server.UnsupportedMediaTypeStatusException;
import org.springframework.web.server.WebExceptionHandler;
import reactor.core.Exceptions;
import reactor.core.publisher.Mono;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.json.JsonMapper;

/**
 * The one place errors become answers: {@code {error, code}} plus {@code param} or {@code outcome} when they apply,
 * with the error's status, for failures in filters, routes and the framework alike, written by {@link JsonErrorAnswers}
 * once the unread request body is drained. Ordered before Spring Boot's own handler (order -1) so no framework-shaped
 * body leaves the verifier. 5xx are logged with their stack; 4xx at debug.
 */
@Component
@Order(-2)
public class UsdtErrorHandler implements WebExceptionHandler {

    private static final Logger log = LoggerFactory.getLogger(UsdtErrorHandler.class);

    private final JsonMapper json;

    public UsdtErrorHandler(JsonMapper json) {
        this.json = json;
    }

    @Override
    public Mono<Void> handle(ServerWebExchange exchange, Throwable thrown) {
        var error = classify(thrown);
        var request = exchange.getRequest();
        if (error.status() >= 500) {
            log.error(
                    "event=request_failed method={} path={} status={} code={}",
                    request.getMethod(),
                    request.getPath().value(),
                    error.status(),
                    error.code(),
                    thrown);
        } else {
            log.debug(
                    "event=request_refused method={} path={} status={} code={}",
                    request.getMethod(),
                    request.getPath().value(),
                    error.status(),
                    error.code());
        }
        var body = JsonErrorAnswers.body(error.getMessage(), error.code(), error.param());
        if (error.outcome() != null) {
            body.put("outcome", error.outcome());
        }
        var bytes = json.writeValueAsBytes(body);
        return JsonErrorAnswers.write(
                exchange,
                thrown,
                error.status(),
                headers -> {
                    if (error.retryAfter() != null) {
                        headers.set(
                                HttpHeaders.RETRY_AFTER,
                                Long.toString(Math.max(1, error.retryAfter().toSeconds())));
                    }
                },
                bytes);
    }

    /** Our own refusals as they are; the framework's as the API's codes; anything else is a bug: 500. */
    static UsdtApiException classify(Throwable thrown) {
        var error = Exceptions.unwrap(thrown);
        if (error instanceof UsdtApiException api) {
            return api;
        }
        if (hasCause(error, DataBufferLimitException.class) || hasCause(error, PayloadTooLargeException.class)) {
            return new UsdtApiException(
                    413, UsdtErrorCodes.PAYLOAD_TOO_LARGE, "The request body is larger than 64 KiB");
        }
        if (hasCause(error, InvalidMediaTypeException.class)) {
            return new UsdtApiException(
                    415,
                    UsdtErrorCodes.UNSUPPORTED_MEDIA_TYPE,
                    "The Content-Type header is malformed; send application/json");
        }
        return switch (error) {
            case MethodNotAllowedException e ->
                new UsdtApiException(
                        405,
                        UsdtErrorCodes.METHOD_NOT_ALLOWED,
                        "Method " + e.getHttpMethod() + " is not allowed on this route");
            case UnsupportedMediaTypeStatusException e ->
                new UsdtApiException(
                        415, UsdtErrorCodes.UNSUPPORTED_MEDIA_TYPE, "Unsupported Content-Type; send application/json");
            case NotAcceptableStatusException e ->
                new UsdtApiException(
                        406, UsdtErrorCodes.NOT_ACCEPTABLE, "Answers are only available as application/json");
            case ServerWebInputException e
            when hasCause(e, DecodingException.class) || hasCause(e, JacksonException.class) ->
                new UsdtApiException(400, UsdtErrorCodes.INVALID_JSON, "The request body is not valid JSON");
            case ServerWebInputException e ->
                new UsdtApiException(
                        400,
                        UsdtErrorCodes.VALIDATION_ERROR,
                        e.getReason() == null ? "The request is malformed" : e.getReason());
            case ResponseStatusException e
            when e.getStatusCode().value() == 404 ->
                new UsdtApiException(404, UsdtErrorCodes.ROUTE_NOT_FOUND, "No route matches this path");
            case ResponseStatusException e
            when e.getStatusCode().value() == 415 ->
                new UsdtApiException(
                        415,
                        UsdtErrorCodes.UNSUPPORTED_MEDIA_TYPE,
                        "Unsupported Content-Type; send" + " application/json");
            case ResponseStatusException e
            when e.getStatusCode().is4xxClientError() ->
                new UsdtApiException(
                        e.getStatusCode().value(),
                        UsdtErrorCodes.VALIDATION_ERROR,
                        e.getReason() == null ? "The request is malformed" : e.getReason());
            case DecodingException e ->
                new UsdtApiException(400, UsdtErrorCodes.INVALID_JSON, "The request body is not valid JSON");
            default ->
                new UsdtApiException(
                        500, UsdtErrorCodes.INTERNAL_ERROR, "An internal error occurred; it has been logged");
        };
    }
}
