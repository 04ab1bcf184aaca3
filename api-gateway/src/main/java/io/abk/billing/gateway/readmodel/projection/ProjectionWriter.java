package io.abk.billing.gateway.readmodel.projection;

import io.abk.billing.gateway.readmodel.projection.ProjectionBatch.CustomerRow;
import io.abk.billing.gateway.readmodel.projection.ProjectionBatch.SnapshotRow;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.function.Function;
import org.apache.kafka.common.TopicPartition;
import org.jspecify.annotations.Nullable;

/**
 * Applies a {@link ProjectionBatch} over one dedicated JDBC connection in one transaction: one set-based
 * statement per table ({@code unnest} of arrays, so a batch of any size costs the same few round trips), the
 * consumer offsets, and the NOTIFYs, which PostgreSQL delivers only at commit: listeners never hear of a change
 * that is not visible yet, and a rolled-back batch notifies no one.
 *
 * <p>JDBC rather than R2DBC here: the projector is a dedicated blocking thread around {@code poll()}, so a plain
 * connection with explicit transaction control is the simplest correct thing, and nothing is gained from
 * reactive back-pressure. Not thread-safe: owned by the projector thread.
 */
final class ProjectionWriter implements AutoCloseable {

    /** How long PostgreSQL lets a projector's transaction stand idle before it ends it (and its locks). */
    static final Duration IDLE_IN_TRANSACTION = Duration.ofSeconds(10);

    static final String UPSERT_SUBSCRIPTIONS = """
            INSERT INTO subscriptions AS t (id, merchant_id, mode, status, version, created_at, body)
            SELECT * FROM unnest(?::text[], ?::text[], ?::text[], ?::text[], ?::bigint[], ?::timestamptz[], ?::json[])
            ON CONFLICT (id) DO UPDATE
               SET status = EXCLUDED.status, version = EXCLUDED.version, body = EXCLUDED.body, projected_at = now()
             WHERE t.version < EXCLUDED.version""";

    static final String UPSERT_INVOICES = """
            INSERT INTO invoices AS t (id, subscription_id, merchant_id, mode, status, version, created_at, body)
            SELECT * FROM unnest(?::text[], ?::text[], ?::text[], ?::text[], ?::text[], ?::bigint[], ?::timestamptz[], ?::json[])
            ON CONFLICT (id) DO UPDATE
               SET status = EXCLUDED.status, version = EXCLUDED.version, body = EXCLUDED.body, projected_at = now()
             WHERE t.version < EXCLUDED.version""";

    static final String UPSERT_PAYMENTS = """
            INSERT INTO payments AS t (id, payment_link_id, merchant_id, mode, status, version, created_at, expires_at, body)
            SELECT * FROM unnest(?::text[], ?::text[], ?::text[], ?::text[], ?::text[], ?::bigint[], ?::timestamptz[],
                                 ?::timestamptz[], ?::json[])
            ON CONFLICT (id) DO UPDATE
               SET status = EXCLUDED.status, version = EXCLUDED.version, expires_at = EXCLUDED.expires_at, body = EXCLUDED.body,
                   projected_at = now()
             WHERE t.version < EXCLUDED.version""";

    static final String UPSERT_PAYMENT_LINKS = """
            INSERT INTO payment_links AS t (id, merchant_id, mode, status, version, created_at, expires_at, body)
            SELECT * FROM unnest(?::text[], ?::text[], ?::text[], ?::text[], ?::bigint[], ?::timestamptz[], ?::timestamptz[], ?::json[])
            ON CONFLICT (id) DO UPDATE
               SET status = EXCLUDED.status, version = EXCLUDED.version, expires_at = EXCLUDED.expires_at, body = EXCLUDED.body,
                   projected_at = now()
             WHERE t.version < EXCLUDED.version""";

    static final String UPSERT_CUSTOMERS = """
            INSERT INTO customers AS t (id, merchant_id, mode, wallet, email, version, created_at, body)
            SELECT * FROM unnest(?::text[], ?::text[], ?::text[], ?::text[], ?::text[], ?::bigint[], ?::timestamptz[], ?::json[])
            ON CONFLICT (id) DO UPDATE
               SET email = EXCLUDED.email, version = EXCLUDED.version, body = EXCLUDED.body, projected_at = now()
             WHERE t.version < EXCLUDED.version""";

    static final String UPSERT_COUPONS = """
            INSERT INTO coupons AS t (id, merchant_id, mode, status, version, created_at, body)
            SELECT * FROM unnest(?::text[], ?::text[], ?::text[], ?::text[], ?::bigint[], ?::timestamptz[], ?::json[])
            ON CONFLICT (id) DO UPDATE
               SET status = EXCLUDED.status, version = EXCLUDED.version, body = EXCLUDED.body, projected_at = now()
             WHERE t.version < EXCLUDED.version""";

    static final String UPSERT_PROMOTION_CODES = """
            INSERT INTO promotion_codes AS t (id, coupon_id, merchant_id, mode, status, version, created_at, body)
            SELECT * FROM unnest(?::text[], ?::text[], ?::text[], ?::text[], ?::text[], ?::bigint[], ?::timestamptz[], ?::json[])
            ON CONFLICT (id) DO UPDATE
               SET status = EXCLUDED.status, version = EXCLUDED.version, body = EXCLUDED.body, projected_at = now()
             WHERE t.version < EXCLUDED.version""";

    /** Which optional columns an upsert statement has, in the order of its parameters. */
    private enum Columns {
        PLAIN(false, false),
        WITH_PARENT(true, false),
        WITH_EXPIRY(false, true),
        WITH_PARENT_AND_EXPIRY(true, true);

        final boolean parent;
        final boolean expiry;

        Columns(boolean parent, boolean expiry) {
            this.parent = parent;
            this.expiry = expiry;
        }
    }

    static final String INSERT_OUTCOMES = """
            INSERT INTO command_outcomes (command_id, merchant_id, mode, aggregate_type, aggregate_id, outcome,
                                          rejection_code, rejection_message, snapshots, follow_up_command_id)
            SELECT * FROM unnest(?::text[], ?::text[], ?::text[], ?::text[], ?::text[], ?::text[], ?::text[], ?::text[], ?::json[],
                                 ?::text[])
            ON CONFLICT (command_id) DO NOTHING""";

    static final String UPSERT_OFFSETS = """
            INSERT INTO projector_offsets (consumer_group, topic, partition, next_offset)
            SELECT ?::text, * FROM unnest(?::text[], ?::int[], ?::bigint[])
            ON CONFLICT (consumer_group, topic, partition) DO UPDATE
               SET next_offset = EXCLUDED.next_offset, updated_at = now()""";

    static final String NOTIFY = "SELECT pg_notify(?, payload) FROM unnest(?::text[]) AS payload";

    static final String STORED_OFFSETS =
            "SELECT partition, next_offset FROM projector_offsets WHERE consumer_group = ? AND topic = ?";

    private final JdbcSettings settings;
    private final String consumerGroup;
    private @Nullable Connection connection;

    ProjectionWriter(JdbcSettings settings, String consumerGroup) {
        this.settings = settings;
        this.consumerGroup = consumerGroup;
    }

    /** The stored next offset of every partition of {@code topic} this group has projected. */
    Map<TopicPartition, Long> storedOffsets(String topic) throws SQLException {
        var connection = connection();
        try (var statement = connection.prepareStatement(STORED_OFFSETS)) {
            statement.setString(1, consumerGroup);
            statement.setString(2, topic);
            var offsets = new HashMap<TopicPartition, Long>();
            try (var rows = statement.executeQuery()) {
                while (rows.next()) {
                    offsets.put(new TopicPartition(topic, rows.getInt(1)), rows.getLong(2));
                }
            }
            connection.commit();
            return offsets;
        } catch (SQLException e) {
            discardConnection();
            throw e;
        }
    }

    /** Applies the whole batch in one transaction, or nothing of it. */
    void apply(ProjectionBatch batch) throws SQLException {
        var connection = connection();
        try {
            upsert(connection, UPSERT_SUBSCRIPTIONS, batch.subscriptions(), Columns.PLAIN);
            upsert(connection, UPSERT_INVOICES, batch.invoices(), Columns.WITH_PARENT);
            upsert(connection, UPSERT_PAYMENTS, batch.payments(), Columns.WITH_PARENT_AND_EXPIRY);
            upsert(connection, UPSERT_PAYMENT_LINKS, batch.paymentLinks(), Columns.WITH_EXPIRY);
            upsertCustomers(connection, batch.customers());
            upsert(connection, UPSERT_COUPONS, batch.coupons(), Columns.PLAIN);
            upsert(connection, UPSERT_PROMOTION_CODES, batch.promotionCodes(), Columns.WITH_PARENT);
            insertOutcomes(connection, batch.outcomes());
            storeOffsets(connection, batch.nextOffsets());
            notify(connection, batch.notifyPayloads());
            connection.commit();
        } catch (SQLException | RuntimeException e) {
            discardConnection();
            throw e;
        }
    }

    private static void upsert(Connection connection, String sql, List<SnapshotRow> rows, Columns columns)
            throws SQLException {
        if (rows.isEmpty()) {
            return;
        }
        try (var statement = connection.prepareStatement(sql)) {
            int i = 1;
            statement.setArray(i++, texts(connection, rows, SnapshotRow::id));
            if (columns.parent) {
                statement.setArray(i++, texts(connection, rows, SnapshotRow::parentId));
            }
            statement.setArray(i++, texts(connection, rows, SnapshotRow::merchantId));
            statement.setArray(i++, texts(connection, rows, SnapshotRow::mode));
            statement.setArray(i++, texts(connection, rows, SnapshotRow::status));
            statement.setArray(
                    i++,
                    connection.createArrayOf(
                            "bigint", rows.stream().map(SnapshotRow::version).toArray(Long[]::new)));
            statement.setArray(
                    i++, texts(connection, rows, row -> row.createdAt().toString()));
            if (columns.expiry) {
                statement.setArray(
                        i++,
                        texts(
                                connection,
                                rows,
                                row -> row.expiresAt() == null
                                        ? null
                                        : row.expiresAt().toString()));
            }
            statement.setArray(i, texts(connection, rows, SnapshotRow::body));
            statement.executeUpdate();
        }
    }

    private static void upsertCustomers(Connection connection, List<CustomerRow> rows) throws SQLException {
        if (rows.isEmpty()) {
            return;
        }
        try (var statement = connection.prepareStatement(UPSERT_CUSTOMERS)) {
            statement.setArray(1, texts(connection, rows, CustomerRow::id));
            statement.setArray(2, texts(connection, rows, CustomerRow::merchantId));
            statement.setArray(3, texts(connection, rows, CustomerRow::mode));
            statement.setArray(4, texts(connection, rows, CustomerRow::wallet));
            statement.setArray(5, texts(connection, rows, CustomerRow::email));
            statement.setArray(
                    6,
                    connection.createArrayOf(
                            "bigint", rows.stream().map(CustomerRow::version).toArray(Long[]::new)));
            statement.setArray(7, texts(connection, rows, row -> row.createdAt().toString()));
            statement.setArray(8, texts(connection, rows, CustomerRow::body));
            statement.executeUpdate();
        }
    }

    private static void insertOutcomes(Connection connection, List<CommandOutcome> outcomes) throws SQLException {
        if (outcomes.isEmpty()) {
            return;
        }
        try (var statement = connection.prepareStatement(INSERT_OUTCOMES)) {
            statement.setArray(1, texts(connection, outcomes, CommandOutcome::commandId));
            statement.setArray(2, texts(connection, outcomes, CommandOutcome::merchantId));
            statement.setArray(3, texts(connection, outcomes, CommandOutcome::mode));
            statement.setArray(4, texts(connection, outcomes, CommandOutcome::aggregateType));
            statement.setArray(5, texts(connection, outcomes, CommandOutcome::aggregateId));
            statement.setArray(6, texts(connection, outcomes, o -> o.accepted() ? "accepted" : "rejected"));
            statement.setArray(7, texts(connection, outcomes, CommandOutcome::rejectionCode));
            statement.setArray(8, texts(connection, outcomes, CommandOutcome::rejectionMessage));
            statement.setArray(9, texts(connection, outcomes, CommandOutcome::snapshotsJson));
            statement.setArray(10, texts(connection, outcomes, CommandOutcome::followUpCommandId));
            statement.executeUpdate();
        }
    }

    private void storeOffsets(Connection connection, Map<TopicPartition, Long> offsets) throws SQLException {
        if (offsets.isEmpty()) {
            return;
        }
        var entries = List.copyOf(offsets.entrySet());
        try (var statement = connection.prepareStatement(UPSERT_OFFSETS)) {
            statement.setString(1, consumerGroup);
            statement.setArray(2, texts(connection, entries, e -> e.getKey().topic()));
            statement.setArray(
                    3,
                    connection.createArrayOf(
                            "integer",
                            entries.stream().map(e -> e.getKey().partition()).toArray(Integer[]::new)));
            statement.setArray(
                    4,
                    connection.createArrayOf(
                            "bigint", entries.stream().map(Map.Entry::getValue).toArray(Long[]::new)));
            statement.executeUpdate();
        }
    }

    private static void notify(Connection connection, List<String> payloads) throws SQLException {
        if (payloads.isEmpty()) {
            return;
        }
        try (PreparedStatement statement = connection.prepareStatement(NOTIFY)) {
            statement.setString(1, OutcomeNotifications.CHANNEL);
            statement.setArray(2, connection.createArrayOf("text", payloads.toArray(String[]::new)));
            statement.executeQuery().close();
        }
    }

    private static <T> java.sql.Array texts(Connection connection, List<T> rows, Function<T, @Nullable String> field)
            throws SQLException {
        var values = new @Nullable String[rows.size()];
        for (int i = 0; i < values.length; i++) {
            values[i] = field.apply(rows.get(i));
        }
        return connection.createArrayOf("text", values);
    }

    private Connection connection() throws SQLException {
        if (connection == null) {
            var opened = DriverManager.getConnection(settings.url(), connectionProperties(settings));
            opened.setAutoCommit(false);
            connection = opened;
        }
        return connection;
    }

    /** How a projector connects to PostgreSQL. */
    static Properties connectionProperties(JdbcSettings settings) {
        var properties = new Properties();
        if (settings.username() != null) {
            properties.setProperty("user", settings.username());
        }
        if (settings.password() != null) {
            properties.setProperty("password", settings.password());
        }
        properties.setProperty("ApplicationName", "billing-read-model-projector");
        // Fail and retry rather than hang on a dead server; a batch's statements take milliseconds.
        properties.setProperty("connectTimeout", "5");
        properties.setProperty("socketTimeout", "30");
        properties.setProperty("tcpKeepAlive", "true");
        // A projector that stands still inside its batch's transaction (stopped, frozen, cut off) would hold the rows
        // it wrote, its partitions' offsets among them, for as long as it stands still, and the replica that took
        // those partitions over would wait on them with every request waiting on an outcome: the server ends such a
        // transaction after a few seconds of silence (a batch's statements follow each other within milliseconds).
        properties.setProperty("options", "-c idle_in_transaction_session_timeout=" + IDLE_IN_TRANSACTION.toMillis());
        return properties;
    }

    /** After any failure the connection's state is unknown: roll back what can be, and reconnect next time. */
    private void discardConnection() {
        var current = connection;
        connection = null;
        if (current != null) {
            try {
                current.rollback();
            } catch (SQLException ignored) {
                // The connection is being dropped anyway.
            }
            try {
                current.close();
            } catch (SQLException ignored) {
                // Nothing more to release.
            }
        }
    }

    @Override
    public void close() {
        discardConnection();
    }
}
