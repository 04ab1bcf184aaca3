package io.abk.billing.client.internal;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.abk.billing.client.ApiException;
import io.abk.billing.client.AuthenticationException;
import io.abk.billing.client.BillingException;
import io.abk.billing.client.BillingException.Details;
import io.abk.billing.client.IdempotencyException;
import io.abk.billing.client.InvalidRequestException;
import io.abk.billing.client.NotFoundException;
import io.abk.billing.client.RateLimitException;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import org.jspecify.annotations.Nullable;

/** Turns an error answer into the exception of its type, by status and code (docs/sdk-java.md, "Errors"). */
final class Errors {

    static final String IDEMPOTENCY_ERROR = "idempotency_error";
    static final String IDEMPOTENCY_IN_PROGRESS = "idempotency_in_progress";

    private Errors() {}

    static BillingException of(ObjectMapper json, int status, byte[] body, @Nullable String headerRequestId) {
        var raw = new String(body, StandardCharsets.UTF_8);
        var error = errorBody(json, body);
        if (error == null) {
            var message = "the API answered " + status + " without its error JSON";
            return new ApiException(message, new Details(null, status, headerRequestId, null, raw), null);
        }
        var code = error.path("code").asText();
        var requestId = error.hasNonNull("requestId") ? error.get("requestId").asText() : headerRequestId;
        var param = error.hasNonNull("param") ? error.get("param").asText() : null;
        var details = new Details(code, status, requestId, param, raw);
        var message = error.path("error").asText();
        if (status == 401 || status == 403) {
            return new AuthenticationException(message, details, null);
        }
        if (status == 404) {
            return new NotFoundException(message, details, null);
        }
        if (status == 409 && (IDEMPOTENCY_ERROR.equals(code) || IDEMPOTENCY_IN_PROGRESS.equals(code))) {
            return new IdempotencyException(message, details, null);
        }
        if (status == 429) {
            return new RateLimitException(message, details, null);
        }
        if (status >= 400 && status < 500) {
            return new InvalidRequestException(message, details, null);
        }
        return new ApiException(message, details, null);
    }

    /** Retried with the same key: the first request still running, a rate limit, a server failure. */
    static boolean retryable(BillingException failure) {
        var status = failure.statusCode();
        return status == 0
                || (status == 409 && IDEMPOTENCY_IN_PROGRESS.equals(failure.code()))
                || status == 429
                || status >= 500;
    }

    private static @Nullable JsonNode errorBody(ObjectMapper json, byte[] body) {
        try {
            var tree = json.readTree(body);
            if (tree != null
                    && tree.isObject()
                    && tree.path("error").isTextual()
                    && tree.path("code").isTextual()) {
                return tree;
            }
            return null;
        } catch (IOException notJson) {
            return null;
        }
    }
}
