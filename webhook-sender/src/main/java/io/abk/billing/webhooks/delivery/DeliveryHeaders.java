package io.abk.billing.webhooks.delivery;

import java.nio.charset.StandardCharsets;
import java.time.Instant;
import org.apache.kafka.common.header.Headers;
import org.jspecify.annotations.Nullable;

/**
 * What a forwarded delivery carries besides its value: the number of the attempt it waits for and when that attempt
 * is due. Decimal text, so an operator reading a retry topic with any tool can tell. A record on the main topic
 * carries neither: attempt 1, due now.
 */
public final class DeliveryHeaders {

    public static final String ATTEMPT = "webhook-attempt";
    public static final String DUE_AT = "webhook-due-at";

    private DeliveryHeaders() {}

    /** 1 when absent or unreadable (the worst a garbled header can do is restart the count). */
    public static int attempt(Headers headers) {
        var text = text(headers, ATTEMPT);
        try {
            return text == null ? 1 : Math.max(1, Integer.parseInt(text));
        } catch (NumberFormatException e) {
            return 1;
        }
    }

    /** Null (due now) when absent or unreadable. */
    public static @Nullable Instant dueAt(Headers headers) {
        var text = text(headers, DUE_AT);
        try {
            return text == null ? null : Instant.ofEpochMilli(Long.parseLong(text));
        } catch (NumberFormatException e) {
            return null;
        }
    }

    /** Sets the headers of a forwarded copy (replacing the ones it had). */
    public static void forward(Headers headers, int attempt, @Nullable Instant dueAt) {
        headers.remove(ATTEMPT);
        headers.remove(DUE_AT);
        headers.add(ATTEMPT, Integer.toString(attempt).getBytes(StandardCharsets.UTF_8));
        if (dueAt != null) {
            headers.add(DUE_AT, Long.toString(dueAt.toEpochMilli()).getBytes(StandardCharsets.UTF_8));
        }
    }

    private static @Nullable String text(Headers headers, String name) {
        var header = headers.lastHeader(name);
        return header == null || header.value() == null ? null : new String(header.value(), StandardCharsets.UTF_8);
    }
}
