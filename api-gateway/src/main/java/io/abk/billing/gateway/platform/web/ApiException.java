package io.abk.billing.gateway.platform.web;

import io.abk.billing.opskit.web.ErrorAnswerException;
import java.time.Duration;
import org.jspecify.annotations.Nullable;
import reactor.core.publisher.Mono;

/**
 * A request that cannot be served, with the HTTP status, the snake_case {@code code} and the human sentence of
 * the error body {@code {error, code, requestId}}. Thrown anywhere in request handling; the error handler
 * renders it. Never used for bugs: those are 500s and are logged.
 */
public final class ApiException extends ErrorAnswerException {

    public ApiException(
            int status, String code, String message, @Nullable String param, @Nullable Duration retryAfter) {
        super(status, code, message, param, retryAfter);
    }

    public ApiException(int status, String code, String message) {
        this(status, code, message, null, null);
    }

    /** 400 {@code validation_error} about one request field. */
    public static ApiException invalid(String param, String message) {
        return new ApiException(400, ErrorCodes.VALIDATION_ERROR, message, param, null);
    }

    /** 400 with a business-rule code. */
    public static ApiException badRequest(String code, String message) {
        return new ApiException(400, code, message);
    }

    /** 404 {@code resource_missing}: also what another merchant's or the other mode's object looks like. */
    public static ApiException notFound(String resource, String id) {
        return new ApiException(404, ErrorCodes.RESOURCE_MISSING, "No such " + resource + ": '" + id + "'");
    }

    /** Fails with {@link #notFound} when subscribed: what {@code switchIfEmpty} answers when a lookup found nothing. */
    public static <T> Mono<T> notFoundError(String resource, String id) {
        return Mono.error(() -> notFound(resource, id));
    }
}
