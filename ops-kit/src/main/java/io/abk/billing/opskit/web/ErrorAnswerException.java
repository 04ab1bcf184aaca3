package io.abk.billing.opskit.web;

import java.time.Duration;
import org.jspecify.annotations.Nullable;

/**
 * A request a WebFlux service cannot serve, with what its error answer ({@link JsonErrorAnswers}) says: the HTTP
 * status, the snake_case {@code code}, the human sentence, the request field it is about and how long a client waits
 * before a retry. Each service extends it with its own codes and fields. Never used for bugs: those are 500s and are
 * logged. No stack trace is filled in: a refusal is an answer, not a failure to investigate.
 */
public abstract class ErrorAnswerException extends RuntimeException {

    private final int status;
    private final String code;
    private final @Nullable String param;
    private final @Nullable Duration retryAfter;

    protected ErrorAnswerException(
            int status, String code, String message, @Nullable String param, @Nullable Duration retryAfter) {
        super(message, null, false, false);
        this.status = status;
        this.code = code;
        this.param = param;
        this.retryAfter = retryAfter;
    }

    public int status() {
        return status;
    }

    public String code() {
        return code;
    }

    public @Nullable String param() {
        return param;
    }

    public @Nullable Duration retryAfter() {
        return retryAfter;
    }
}
