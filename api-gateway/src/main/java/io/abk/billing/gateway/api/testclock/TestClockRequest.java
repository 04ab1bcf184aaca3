package io.abk.billing.gateway.api.testclock;

import io.abk.billing.gateway.api.RequestTimestamps;
import io.abk.billing.gateway.platform.json.RequestFields;
import io.abk.billing.gateway.platform.web.ApiException;
import java.time.Instant;
import java.time.temporal.ChronoUnit;

/**
 * Reads the body of {@code POST /v1/test_clock}: exactly one of {@code frozenAt} (an ISO-8601 instant, or null
 * to return to the wall clock) and {@code advanceBySeconds} (an integer from 1 to ten years). Both or neither,
 * or a wrong type: 400 {@code validation_error}.
 */
public final class TestClockRequest {

    /**
     * Ten years as {@link ChronoUnit#DECADES} counts them (365.2425-day years): a sanity bound far above any
     * scenario (a year's advance walks a monthly subscription through twelve renewals).
     */
    public static final long MAX_ADVANCE_SECONDS =
            ChronoUnit.DECADES.getDuration().getSeconds();
    /** As for payment link expiries: four-digit years only, which PostgreSQL and epoch milliseconds hold. */
    static final Instant LATEST = RequestTimestamps.LATEST;

    private TestClockRequest() {}

    public static ClockChange parse(RequestFields fields) {
        // frozenAt: null is a request of its own (back to the wall clock), so presence decides, not the value.
        var freezes = fields.isPresent("frozenAt");
        var advances = fields.has("advanceBySeconds");
        if (freezes == advances) {
            throw ApiException.invalid(
                    freezes ? "advanceBySeconds" : "frozenAt",
                    "Send exactly one of frozenAt (an ISO-8601 time, or null for the wall clock) and advanceBySeconds");
        }
        if (advances) {
            return new ClockChange.AdvanceBy(advanceBySeconds(fields));
        }
        return fields.has("frozenAt") ? new ClockChange.FreezeAt(frozenAt(fields)) : new ClockChange.Unfreeze();
    }

    private static Instant frozenAt(RequestFields fields) {
        var at = RequestTimestamps.optional(fields, "frozenAt").orElseThrow();
        if (at.isAfter(LATEST) || at.isBefore(Instant.EPOCH)) {
            throw ApiException.invalid("frozenAt", "frozenAt must be between 1970 and the year 9999");
        }
        return at;
    }

    private static long advanceBySeconds(RequestFields fields) {
        return fields.optionalInt("advanceBySeconds", 1, (int) MAX_ADVANCE_SECONDS)
                .orElseThrow();
    }
}
