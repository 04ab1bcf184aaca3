package io.abk.billing.webhooks.attempt.endpoint;

import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Types;
import java.time.Duration;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Optional;
import java.util.TreeSet;
import javax.sql.DataSource;
import org.jspecify.annotations.Nullable;
import org.springframework.jdbc.core.namedparam.MapSqlParameterSource;
import org.springframework.jdbc.core.namedparam.NamedParameterJdbcTemplate;
import org.springframework.jdbc.datasource.DataSourceTransactionManager;
import org.springframework.transaction.support.TransactionTemplate;

/**
 * Reads endpoints ({@code delivery_endpoints}: the merchants' and the companion's, with their health) and writes
 * attempts and health ({@code webhook_endpoint_health}). The log row and the health change are one transaction, and
 * the health change locks the endpoint's health row, so concurrent attempts to one endpoint apply their changes one
 * after another. A health row counts for its endpoint's generation only: the merchant's re-enable starts a new one
 * (docs/architecture.md, "Tables and their writers"), and the first change under it starts the row afresh.
 * {@link #recordAll} writes many attempts in one transaction ({@link AttemptLogWriter} batches them), in their order.
 */
public final class DeliveryLog {

    private static final String ENDPOINT_COLUMNS = "id, merchant_id, mode, url, secret, previous_secret,"
            + " previous_secret_expires_at, disabled, disabled_reason, deleted_at";

    private final NamedParameterJdbcTemplate jdbc;
    private final TransactionTemplate transactions;

    public DeliveryLog(DataSource dataSource) {
        this.jdbc = new NamedParameterJdbcTemplate(dataSource);
        this.transactions = new TransactionTemplate(new DataSourceTransactionManager(dataSource));
    }

    public Optional<EndpointRow> find(String endpointId) {
        return jdbc
                .query(
                        "SELECT " + ENDPOINT_COLUMNS + " FROM delivery_endpoints WHERE id = :id",
                        new MapSqlParameterSource("id", endpointId),
                        DeliveryLog::endpoint)
                .stream()
                .findFirst();
    }

    /**
     * Applies {@code change} to the endpoint and logs {@code row}; true when the endpoint is disabled afterwards
     * (by this attempt or before it), in which case no retry follows and the row's next retry time is dropped.
     */
    public boolean record(AttemptRow row, HealthChange change, Duration disableAfter) {
        var disabled = transactions.execute(status -> {
            var off = applyHealth(row.endpointId(), change, row.attemptedAt(), disableAfter);
            insert(row, off);
            return off;
        });
        return Boolean.TRUE.equals(disabled);
    }

    /** One attempt to log with the change it makes to its endpoint's health. */
    public record Attempt(AttemptRow row, HealthChange change) {}

    /**
     * {@link #record} for each attempt in order, all in one transaction; for each, whether its endpoint is disabled
     * afterwards. Consecutive successes are one statement: each only ends a failing streak, so the endpoints they
     * touch are cleared together before the next failure (whose streak then starts after them, as in order).
     */
    public boolean[] recordAll(List<Attempt> attempts, Duration disableAfter) {
        var disabled = new boolean[attempts.size()];
        transactions.executeWithoutResult(status -> {
            var succeeded = new TreeSet<String>();
            for (int i = 0; i < attempts.size(); i++) {
                var attempt = attempts.get(i);
                switch (attempt.change()) {
                    case NONE -> disabled[i] = false;
                    case SUCCEEDED -> succeeded.add(attempt.row().endpointId());
                    case GONE, FAILED -> {
                        clearStreaks(succeeded);
                        disabled[i] = applyHealth(
                                attempt.row().endpointId(),
                                attempt.change(),
                                attempt.row().attemptedAt(),
                                disableAfter);
                    }
                }
            }
            clearStreaks(succeeded);
            var rows = new MapSqlParameterSource[attempts.size()];
            for (int i = 0; i < rows.length; i++) {
                rows[i] = insertParams(attempts.get(i).row(), disabled[i]);
            }
            jdbc.batchUpdate(INSERT, rows);
        });
        return disabled;
    }

    /** Ends the failing streak of each endpoint (sorted: concurrent batches lock rows in one order) and empties the set. */
    private void clearStreaks(TreeSet<String> endpointIds) {
        if (endpointIds.isEmpty()) {
            return;
        }
        jdbc.update(
                "UPDATE webhook_endpoint_health SET failing_since = NULL WHERE endpoint_id IN (:ids)"
                        + " AND failing_since IS NOT NULL",
                new MapSqlParameterSource("ids", List.copyOf(endpointIds)));
        endpointIds.clear();
    }

    private boolean applyHealth(String endpointId, HealthChange change, Instant now, Duration disableAfter) {
        var params = new MapSqlParameterSource("id", endpointId).addValue("now", at(now));
        return switch (change) {
            case NONE -> false;
            case SUCCEEDED -> {
                jdbc.update(
                        "UPDATE webhook_endpoint_health SET failing_since = NULL WHERE endpoint_id = :id"
                                + " AND failing_since IS NOT NULL",
                        params);
                yield false;
            }
            case GONE -> {
                // An endpoint disabled already (by its merchant, or before) keeps its reason and time.
                jdbc.update(
                        UPSERT_HEALTH + " NULL, 'gone', :now FROM delivery_endpoints WHERE id = :id AND NOT disabled"
                                + ON_CONFLICT + " failing_since = CASE WHEN h.generation = EXCLUDED.generation"
                                + " THEN h.failing_since END, disabled_reason = 'gone', disabled_at = :now,"
                                + " generation = EXCLUDED.generation",
                        params);
                yield true;
            }
            case FAILED -> failed(params, now, disableAfter);
        };
    }

    private boolean failed(MapSqlParameterSource params, Instant now, Duration disableAfter) {
        var streak = jdbc.query(
                UPSERT_HEALTH + " :now, NULL, NULL FROM delivery_endpoints WHERE id = :id" + ON_CONFLICT
                        + " failing_since = CASE WHEN h.generation = EXCLUDED.generation"
                        + " THEN COALESCE(h.failing_since, :now) ELSE :now END,"
                        + " disabled_reason = CASE WHEN h.generation = EXCLUDED.generation THEN h.disabled_reason END,"
                        + " disabled_at = CASE WHEN h.generation = EXCLUDED.generation THEN h.disabled_at END,"
                        + " generation = EXCLUDED.generation RETURNING h.failing_since, h.disabled_reason IS NOT NULL"
                        + " OR EXISTS (SELECT 1 FROM webhook_endpoints e WHERE e.id = h.endpoint_id AND e.disabled)"
                        + " AS disabled",
                params,
                (rs, n) -> new Streak(instant(rs, "failing_since"), rs.getBoolean("disabled")));
        if (streak.isEmpty()) {
            return true;
        }
        var current = streak.getFirst();
        if (current.disabled()) {
            return true;
        }
        if (current.since() != null && HealthChange.failingTooLong(current.since(), now, disableAfter)) {
            jdbc.update(
                    "UPDATE webhook_endpoint_health SET disabled_reason = 'failing_for_5_days', disabled_at = :now"
                            + " WHERE endpoint_id = :id",
                    params);
            return true;
        }
        return false;
    }

    private record Streak(@Nullable Instant since, boolean disabled) {}

    /**
     * The health row of an endpoint that exists, under the endpoint's generation, with the failing streak's start and
     * the disabling's reason and time the caller selects. A row of an older generation predates the merchant's last
     * re-enable, so the caller's update keeps nothing of it.
     */
    private static final String UPSERT_HEALTH =
            "INSERT INTO webhook_endpoint_health AS h (endpoint_id, generation, failing_since, disabled_reason,"
                    + " disabled_at) SELECT id, generation,";

    private static final String ON_CONFLICT = " ON CONFLICT (endpoint_id) DO UPDATE SET";

    private static final String INSERT =
            "INSERT INTO webhook_delivery_attempts (endpoint_id, merchant_id, mode, delivery_id,"
                    + " event_id, event_type, attempt, redelivery, outcome, status_code, latency_ms, error, response_excerpt, next_retry_at,"
                    + " attempted_at) VALUES (:endpointId, :merchantId, :mode, :deliveryId, :eventId, :eventType, :attempt, :redelivery,"
                    + " :outcome, :statusCode, :latencyMs, :error, :excerpt, :nextRetryAt, :attemptedAt)";

    private void insert(AttemptRow row, boolean endpointDisabled) {
        jdbc.update(INSERT, insertParams(row, endpointDisabled));
    }

    private static MapSqlParameterSource insertParams(AttemptRow row, boolean endpointDisabled) {
        return new MapSqlParameterSource()
                .addValue("endpointId", row.endpointId())
                .addValue("merchantId", row.merchantId())
                .addValue("mode", row.mode())
                .addValue("deliveryId", row.deliveryId())
                .addValue("eventId", row.eventId())
                .addValue("eventType", row.eventType())
                .addValue("attempt", row.attempt())
                .addValue("redelivery", row.redelivery())
                .addValue("outcome", row.outcome())
                .addValue("statusCode", row.statusCode(), Types.INTEGER)
                .addValue("latencyMs", row.latencyMs(), Types.INTEGER)
                .addValue("error", row.error(), Types.VARCHAR)
                .addValue("excerpt", row.responseExcerpt(), Types.VARCHAR)
                .addValue(
                        "nextRetryAt",
                        endpointDisabled || row.nextRetryAt() == null ? null : at(row.nextRetryAt()),
                        Types.TIMESTAMP_WITH_TIMEZONE)
                .addValue("attemptedAt", at(row.attemptedAt()));
    }

    private static EndpointRow endpoint(ResultSet rs, int rowNum) throws SQLException {
        return new EndpointRow(
                rs.getString("id"),
                rs.getString("merchant_id"),
                rs.getString("mode"),
                rs.getString("url"),
                rs.getString("secret"),
                rs.getString("previous_secret"),
                instant(rs, "previous_secret_expires_at"),
                rs.getBoolean("disabled"),
                rs.getString("disabled_reason"),
                instant(rs, "deleted_at"));
    }

    private static @Nullable Instant instant(ResultSet rs, String column) throws SQLException {
        var value = rs.getObject(column, OffsetDateTime.class);
        return value == null ? null : value.toInstant();
    }

    private static OffsetDateTime at(Instant instant) {
        return OffsetDateTime.ofInstant(instant, ZoneOffset.UTC);
    }
}
