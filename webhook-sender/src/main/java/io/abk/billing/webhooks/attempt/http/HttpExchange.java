package io.abk.billing.webhooks.attempt.http;

import org.jspecify.annotations.Nullable;

/** What one POST came to, as data: an answer with any status, or no answer (with a sentence saying why). */
public sealed interface HttpExchange {

    /**
     * @param latencyMs from the start of the attempt (resolution and connection included) to the response head
     * @param excerpt   the first characters of the body (at most {@link Excerpt#MAX_CHARS}), empty when none
     */
    record Answered(int status, long latencyMs, String excerpt) implements HttpExchange {}

    /**
     * @param latencyMs time until the failure when the request was sent (a timeout, a reset), null when it never
     *                  was (refused address, DNS failure, connection refused)
     */
    record NoAnswer(String error, @Nullable Long latencyMs) implements HttpExchange {}
}
