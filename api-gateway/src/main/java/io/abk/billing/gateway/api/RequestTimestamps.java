package io.abk.billing.gateway.api;

import io.abk.billing.gateway.platform.json.RequestFields;
import io.abk.billing.gateway.platform.web.ApiException;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.time.temporal.ChronoUnit;
import java.util.Optional;

/**
 * The timestamps a request body gives (a payment link's {@code expiresAt}, a test clock's {@code frozenAt}): ISO-8601
 * date-times with a zone, kept to the millisecond, which is all that commands and records carry.
 */
public final class RequestTimestamps {

    /** Far longer than any ISO-8601 date-time with a zone. */
    static final int MAX_LENGTH = 64;

    /**
     * The latest timestamp accepted: ISO-8601 parses years far beyond what PostgreSQL's timestamptz (294276 AD) and
     * epoch milliseconds hold, and such a row would stop the read-model projector, so four-digit years only.
     */
    public static final Instant LATEST = Instant.parse("9999-12-31T23:59:59.999Z");

    private RequestTimestamps() {}

    /** The field's timestamp; empty when absent or null, a 400 naming the field when it is not a date-time. */
    public static Optional<Instant> optional(RequestFields fields, String field) {
        return fields.optionalString(field, MAX_LENGTH).map(text -> parse(field, text));
    }

    private static Instant parse(String field, String text) {
        try {
            return Instant.parse(text).truncatedTo(ChronoUnit.MILLIS);
        } catch (DateTimeParseException e) {
            throw ApiException.invalid(
                    field, field + " must be an ISO-8601 date-time with a zone, e.g. 2026-12-31T23:59:59Z");
        }
    }
}
