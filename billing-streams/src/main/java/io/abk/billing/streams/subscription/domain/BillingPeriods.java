package io.abk.billing.streams.subscription.domain;

import java.time.Instant;
import java.time.ZoneOffset;
import java.time.ZonedDateTime;
import java.time.temporal.ChronoUnit;

/**
 * Period arithmetic (docs/architecture.md, "Subscription lifecycle"), in UTC. Period n ends at
 * {@code anchor + n intervals}, computed from the anchor every time rather than by adding one interval to the
 * previous end: adding a month clamps to the month's end, so stepping from the previous end would drift
 * (Jan 31 -> Feb 28 -> Mar 28), while counting from the anchor keeps its day (Jan 31 -> Feb 28/29 -> Mar 31 -> Apr 30).
 * A yearly anchor on Feb 29 ends on Feb 28 in common years and on Feb 29 in leap years.
 */
public final class BillingPeriods {

    private BillingPeriods() {}

    /** The end of period {@code n} (n >= 0; period 0 ends at the anchor itself). */
    public static Instant periodEnd(Instant anchor, Interval interval, long n) {
        if (n < 0) {
            throw new IllegalArgumentException("period index cannot be negative: " + n);
        }
        var start = anchor.atZone(ZoneOffset.UTC);
        var end = switch (interval) {
            case MONTH -> start.plusMonths(n);
            case YEAR -> start.plusYears(n);
        };
        return end.toInstant();
    }

    /** The first period end strictly after {@code instant}: the anchor itself when the instant precedes it. */
    public static Instant nextPeriodEndAfter(Instant anchor, Interval interval, Instant instant) {
        long n = Math.max(
                0, wholeIntervalsBetween(anchor.atZone(ZoneOffset.UTC), instant.atZone(ZoneOffset.UTC), interval));
        // The estimate can be one off either way because of clamping; settle it by comparing real ends.
        while (n > 0 && periodEnd(anchor, interval, n - 1).isAfter(instant)) {
            n--;
        }
        while (!periodEnd(anchor, interval, n).isAfter(instant)) {
            n++;
        }
        return periodEnd(anchor, interval, n);
    }

    /** The period that starts at {@code start} and ends at the next period end of the anchor after it. */
    public static Period periodFrom(Instant start, Instant anchor, Interval interval) {
        return new Period(start, nextPeriodEndAfter(anchor, interval, start));
    }

    private static long wholeIntervalsBetween(ZonedDateTime from, ZonedDateTime to, Interval interval) {
        return switch (interval) {
            case MONTH -> ChronoUnit.MONTHS.between(from, to);
            case YEAR -> ChronoUnit.YEARS.between(from, to);
        };
    }
}
