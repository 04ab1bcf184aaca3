package io.abk.billing.gateway.platform.web;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/**
 * An error response before rendering: status, {@code code}, the human sentence, the field it is about, and
 * extra headers ({@code Retry-After}, {@code Allow}).
 */
public record ApiError(
        int status,
        String code,
        String message,
        @Nullable String param,
        @Nullable Duration retryAfter,
        Map<String, List<String>> headers) {

    public static ApiError of(int status, String code, String message) {
        return new ApiError(status, code, message, null, null, Map.of());
    }

    public static ApiError from(ApiException e) {
        return new ApiError(
                e.status(),
                e.code(),
                e.getMessage() == null ? e.code() : e.getMessage(),
                e.param(),
                e.retryAfter(),
                Map.of());
    }

    public ApiError withHeader(String name, List<String> values) {
        return new ApiError(status, code, message, param, retryAfter, Map.of(name, values));
    }

    public boolean isServerError() {
        return status >= 500;
    }

    /** {@code Retry-After} in whole seconds, rounded up and at least 1 (0 would invite an instant retry storm). */
    public @Nullable Long retryAfterSeconds() {
        if (retryAfter == null) {
            return null;
        }
        long millis = retryAfter.toMillis();
        return Math.max(1, (millis + 999) / 1000);
    }
}
