package io.abk.billing.gateway.platform.web;

import static io.abk.billing.opskit.web.JsonErrorAnswers.hasCause;

import java.time.Duration;
import java.util.Map;
import java.util.stream.Collectors;
import org.jspecify.annotations.Nullable;
import org.springframework.core.codec.DecodingException;
import org.springframework.core.io.buffer.DataBufferLimitException;
import org.springframework.dao.DataAccessResourceFailureException;
import org.springframework.dao.TransientDataAccessException;
import org.springframework.http.HttpMethod;
import org.springframework.http.InvalidMediaTypeException;
import org.springframework.http.MediaType;
import org.springframework.web.server.MethodNotAllowedException;
import org.springframework.web.server.NotAcceptableStatusException;
import org.springframework.web.server.PayloadTooLargeException;
import org.springframework.web.server.ResponseStatusException;
import org.springframework.web.server.ServerWebInputException;
import org.springframework.web.server.UnsupportedMediaTypeStatusException;
import reactor.core.Exceptions;
import tools.jackson.core.JacksonException;

/**
 * Turns anything thrown while serving a request into the API's error: our own {@link ApiException}s as they are, the
 * framework's exceptions into the API's error codes (docs/api.md, "Error codes"), and everything else into a 500
 * {@code internal_error} (a bug, logged by the handler). Input alone must never reach the last case.
 */
public final class ErrorClassifier {

    private ErrorClassifier() {}

    public static ApiError classify(Throwable thrown) {
        var error = Exceptions.unwrap(thrown);
        if (error instanceof ApiException api) {
            return ApiError.from(api);
        }
        if (hasCause(error, DataBufferLimitException.class) || hasCause(error, PayloadTooLargeException.class)) {
            return ApiError.from(RequestBodyFilter.payloadTooLarge());
        }
        if (hasCause(error, InvalidMediaTypeException.class)) {
            return ApiError.of(
                    415,
                    ErrorCodes.UNSUPPORTED_MEDIA_TYPE,
                    "The Content-Type header is malformed; send application/json");
        }
        return switch (error) {
            case MethodNotAllowedException e ->
                ApiError.of(
                                405,
                                ErrorCodes.METHOD_NOT_ALLOWED,
                                "Method " + e.getHttpMethod() + " is not allowed on this route")
                        .withHeader(
                                "Allow",
                                e.getSupportedMethods().stream()
                                        .map(HttpMethod::name)
                                        .sorted()
                                        .toList());
            case UnsupportedMediaTypeStatusException e ->
                ApiError.of(
                        415,
                        ErrorCodes.UNSUPPORTED_MEDIA_TYPE,
                        "Unsupported Content-Type" + (e.getContentType() == null ? "" : " '" + e.getContentType() + "'")
                                + ": send " + supported(e));
            case NotAcceptableStatusException e ->
                ApiError.of(406, ErrorCodes.NOT_ACCEPTABLE, "The response is only available as application/json");
            case ServerWebInputException e
            when hasCause(e, DecodingException.class) || hasCause(e, JacksonException.class) ->
                ApiError.of(400, ErrorCodes.INVALID_JSON, "The request body is not valid JSON");
            case ServerWebInputException e ->
                ApiError.of(
                        400,
                        ErrorCodes.INVALID_REQUEST,
                        e.getReason() == null ? "The request is malformed" : e.getReason());
            case ResponseStatusException e -> fromStatus(e.getStatusCode().value(), e.getReason());
            case DecodingException e -> ApiError.of(400, ErrorCodes.INVALID_JSON, "The request body is not valid JSON");
            // The JSON parser throws a bare NumberFormatException (not one of its own exceptions, so no
            // DecodingException
            // wraps it) for a number past its limits, such as 1E+2147483648: that is the client's input, not a bug.
            case NumberFormatException e
            when thrownByJsonParser(e) ->
                ApiError.of(400, ErrorCodes.INVALID_JSON, "The request body has a number beyond what can be read");
            case DataAccessResourceFailureException e -> unavailable();
            case TransientDataAccessException e -> unavailable();
            default -> ApiError.of(500, ErrorCodes.INTERNAL_ERROR, "An internal error occurred; it has been logged");
        };
    }

    private static ApiError fromStatus(int status, @Nullable String reason) {
        if (status == 404) {
            return ApiError.of(404, ErrorCodes.ROUTE_NOT_FOUND, "No route matches this path; see the API reference");
        }
        if (status == 413) {
            return ApiError.from(RequestBodyFilter.payloadTooLarge());
        }
        if (status == 415) {
            // Spring answers a form-encoded body to a JSON route with a bare 415 ResponseStatusException.
            return ApiError.of(
                    415, ErrorCodes.UNSUPPORTED_MEDIA_TYPE, "Unsupported Content-Type: send application/json");
        }
        if (status >= 400 && status < 500) {
            return ApiError.of(
                    status, ErrorCodes.INVALID_REQUEST, reason == null ? "The request is malformed" : reason);
        }
        if (status == 503) {
            return unavailable();
        }
        return ApiError.of(500, ErrorCodes.INTERNAL_ERROR, "An internal error occurred; it has been logged");
    }

    private static ApiError unavailable() {
        return new ApiError(
                503,
                ErrorCodes.SERVICE_UNAVAILABLE,
                "A backing service is unavailable; retry shortly",
                null,
                Duration.ofSeconds(1),
                Map.of());
    }

    private static boolean thrownByJsonParser(Throwable error) {
        var stack = error.getStackTrace();
        return stack.length > 0 && stack[0].getClassName().startsWith("tools.jackson.");
    }

    /** The types the route takes, as its refusal names them: JSON but for a route that reads another (a logo). */
    private static String supported(UnsupportedMediaTypeStatusException e) {
        var types = e.getSupportedMediaTypes();
        return types.isEmpty() || types.contains(MediaType.APPLICATION_JSON)
                ? "application/json"
                : types.stream().map(MediaType::toString).sorted().collect(Collectors.joining(" or "));
    }
}
