package io.abk.billing.gateway.readmodel;

import io.abk.billing.gateway.controlplane.clock.EffectiveClock;
import io.abk.billing.gateway.platform.db.Columns;
import io.abk.billing.schemas.avro.Mode;
import io.abk.billing.schemas.money.SixDecimalAmounts;
import io.abk.billing.schemas.render.ApiJson;
import java.math.BigDecimal;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.springframework.r2dbc.core.DatabaseClient;
import org.springframework.stereotype.Component;
import reactor.core.publisher.Mono;

/**
 * The figures of the dashboard's home page for one merchant and mode, added up by the read model in four queries
 * (each served by an index of migration V14 or V19; the amounts and intervals are V19's columns, so no query parses a
 * body): the USDC collected, the recurring revenue, the subscriptions active and past due, the failed charges and the
 * new subscriptions, in total and per UTC day over the last {@link #DAYS} days, today (the mode's now: a test clock's
 * in test mode) the last of them.
 *
 * <ul>
 *   <li>Volume: the amounts of the invoices paid that day (by {@code paidAt}; a refund later does not take them back:
 *       this is what was collected) plus the amounts received of the one-time payments paid that day
 *       ({@code amountReceivedUsdc}, else {@code amountUsdc}).
 *   <li>MRR, monthly recurring revenue, of the active subscriptions only, in micro-USDC: a {@code month}
 *       subscription counts its amount; a {@code year} subscription a twelfth of it. The twelfth is taken once, of
 *       the sum of all the year amounts, rounded down to the micro-USDC: MRR = Σ month amounts + ⌊Σ year amounts /
 *       12⌋ ({@link #monthlyRecurringMicros}), so no rounding adds up across subscriptions.
 *   <li>Failed charges: invoices made that day whose latest charge failed (they carry a {@code failureCode}; a later
 *       successful charge clears it).
 *   <li>New subscriptions: subscriptions made that day, whatever their status now.
 * </ul>
 */
@Component
public final class HomeFigures {

    /** The window of the totals and the charts: 30 UTC days, today included. */
    public static final int DAYS = 30;

    /** One UTC day of the window: USDC collected, subscriptions made, charges failed. */
    public record Day(LocalDate date, BigDecimal volumeUsdc, long newSubscriptions, long failedCharges) {}

    /** The home page's figures; {@code days} oldest first, today last. */
    public record Figures(
            LocalDate today,
            BigDecimal volumeTodayUsdc,
            BigDecimal volumeUsdc,
            BigDecimal mrrUsdc,
            long activeSubscriptions,
            long pastDueSubscriptions,
            long failedCharges,
            long newSubscriptions,
            List<Day> days) {}

    // A day's prefix of an ISO-8601 UTC timestamp orders as the day does, and every paidAt of a day is at least its
    // date's text and below the next date's, so the window's bounds are dates: exact, and the V19 indexes serve them
    // from their entries alone (paid_at and what was collected are columns derived from the body).
    private static final String PAID_VOLUME = """
            SELECT day, SUM(amount)::text AS volume FROM (
              SELECT LEFT(paid_at, 10) AS day, amount_usdc AS amount
              FROM invoices
              WHERE merchant_id = :merchantId AND mode = :mode AND paid_at IS NOT NULL
                AND paid_at >= :from AND paid_at < :until
              UNION ALL
              SELECT LEFT(paid_at, 10), collected_usdc
              FROM payments
              WHERE merchant_id = :merchantId AND mode = :mode AND paid_at IS NOT NULL
                AND paid_at >= :from AND paid_at < :until
            ) paid GROUP BY day""";

    // Rows are grouped by their UTC date and only the (at most 30) groups formatted: formatting each row's time as
    // text took three times as long as the index scan itself at 100,000 subscriptions.
    private static final String FAILED_CHARGES = """
            SELECT TO_CHAR(day, 'YYYY-MM-DD') AS day, n FROM (
              SELECT (created_at AT TIME ZONE 'UTC')::date AS day, COUNT(*) AS n FROM invoices
              WHERE merchant_id = :merchantId AND mode = :mode AND body ->> 'failureCode' IS NOT NULL
                AND created_at >= :from AND created_at < :until
              GROUP BY 1
            ) per_day""";

    private static final String NEW_SUBSCRIPTIONS = """
            SELECT TO_CHAR(day, 'YYYY-MM-DD') AS day, n FROM (
              SELECT (created_at AT TIME ZONE 'UTC')::date AS day, COUNT(*) AS n FROM subscriptions
              WHERE merchant_id = :merchantId AND mode = :mode
                AND created_at >= :from AND created_at < :until
              GROUP BY 1
            ) per_day""";

    private static final String LIVE_SUBSCRIPTIONS = """
            SELECT status, billing_interval, COUNT(*) AS n, SUM(amount_usdc)::text AS amount
            FROM subscriptions
            WHERE merchant_id = :merchantId AND mode = :mode AND status IN ('active', 'past_due')
            GROUP BY 1, 2""";

    private final DatabaseClient db;
    private final EffectiveClock clock;

    public HomeFigures(DatabaseClient db, EffectiveClock clock) {
        this.db = db;
        this.clock = clock;
    }

    /** The figures of {@code merchantId}'s {@code mode}. */
    public Mono<Figures> of(String merchantId, Mode mode) {
        return clock.now(merchantId, mode).flatMap(now -> {
            var today = LocalDate.ofInstant(now, ZoneOffset.UTC);
            var from = today.minusDays(DAYS - 1);
            var until = today.plusDays(1);
            var window = new Window(merchantId, ApiJson.mode(mode), from, until);
            return Mono.zip(
                            perDay(window, PAID_VOLUME, "volume", true),
                            perDay(window, NEW_SUBSCRIPTIONS, "n", false),
                            perDay(window, FAILED_CHARGES, "n", false),
                            liveSubscriptions(window))
                    .map(found -> figures(today, from, found.getT1(), found.getT2(), found.getT3(), found.getT4()));
        });
    }

    /**
     * MRR in micro-USDC from the active subscriptions' summed amounts per interval (micro-USDC): a month's counts
     * whole, a year's a twelfth, rounded down once on the sum.
     */
    public static long monthlyRecurringMicros(Map<String, Long> microsByInterval) {
        long monthly = 0;
        long yearly = 0;
        for (var entry : microsByInterval.entrySet()) {
            switch (entry.getKey()) {
                case "month" -> monthly = Math.addExact(monthly, entry.getValue());
                case "year" -> yearly = Math.addExact(yearly, entry.getValue());
                // A bug (an interval the API cannot make), not input.
                default -> throw new IllegalStateException("no monthly rule for interval " + entry.getKey());
            }
        }
        return Math.addExact(monthly, Math.floorDiv(yearly, 12));
    }

    private record Window(String merchantId, String mode, LocalDate from, LocalDate until) {}

    /** What the subscriptions active and past due count and sum, per status and interval. */
    private record Live(String status, String interval, long count, BigDecimal amount) {}

    /**
     * A per-day query's answer by day; its window's bounds {@code :from} and {@code :until} are dates' text when
     * {@code byDate} (an ISO-8601 timestamp's day prefix), else the instants the days start at.
     */
    private Mono<Map<String, String>> perDay(Window window, String sql, String column, boolean byDate) {
        return db.sql(sql)
                .bind("merchantId", window.merchantId())
                .bind("mode", window.mode())
                .bind("from", byDate ? window.from().toString() : startOf(window.from()))
                .bind("until", byDate ? window.until().toString() : startOf(window.until()))
                .map((row, metadata) -> Map.entry(
                        Columns.required(row, "day", String.class),
                        String.valueOf(Columns.required(row, column, Object.class))))
                .all()
                .collectMap(Map.Entry::getKey, Map.Entry::getValue);
    }

    private static Instant startOf(LocalDate day) {
        return day.atStartOfDay(ZoneOffset.UTC).toInstant();
    }

    private Mono<List<Live>> liveSubscriptions(Window window) {
        return db.sql(LIVE_SUBSCRIPTIONS)
                .bind("merchantId", window.merchantId())
                .bind("mode", window.mode())
                .map((row, metadata) -> new Live(
                        Columns.required(row, "status", String.class),
                        Columns.required(row, "billing_interval", String.class),
                        Columns.required(row, "n", Long.class),
                        new BigDecimal(Columns.required(row, "amount", String.class))))
                .all()
                .collectList();
    }

    private static Figures figures(
            LocalDate today,
            LocalDate from,
            Map<String, String> volumes,
            Map<String, String> created,
            Map<String, String> failed,
            List<Live> live) {
        var days = new ArrayList<Day>(DAYS);
        var volume = BigDecimal.ZERO;
        long newSubscriptions = 0;
        long failedCharges = 0;
        for (var date = from; !date.isAfter(today); date = date.plusDays(1)) {
            var key = date.toString();
            var day = new Day(
                    date,
                    new BigDecimal(volumes.getOrDefault(key, "0")),
                    Long.parseLong(created.getOrDefault(key, "0")),
                    Long.parseLong(failed.getOrDefault(key, "0")));
            days.add(day);
            volume = volume.add(day.volumeUsdc());
            newSubscriptions += day.newSubscriptions();
            failedCharges += day.failedCharges();
        }
        var activeByInterval = new HashMap<String, Long>();
        long active = 0;
        long pastDue = 0;
        for (var row : live) {
            if (row.status().equals("active")) {
                active += row.count();
                activeByInterval.merge(row.interval(), micros(row.amount()), Math::addExact);
            } else {
                pastDue += row.count();
            }
        }
        return new Figures(
                today,
                days.getLast().volumeUsdc(),
                volume,
                ApiJson.amount(monthlyRecurringMicros(activeByInterval)),
                active,
                pastDue,
                failedCharges,
                newSubscriptions,
                List.copyOf(days));
    }

    /** A sum of USDC amounts (each of at most six decimals, so the sum too) in micro-USDC. */
    private static long micros(BigDecimal amount) {
        return amount.movePointRight(SixDecimalAmounts.DECIMALS).longValueExact();
    }
}
