package io.abk.billing.gateway.controlplane.clock;

import io.abk.billing.gateway.platform.db.SqlValues;
import io.r2dbc.spi.Readable;
import java.time.Instant;
import java.util.Objects;
import org.jspecify.annotations.Nullable;
import org.springframework.r2dbc.core.DatabaseClient;
import reactor.core.publisher.Mono;

/**
 * SQL for {@code test_clocks}. A change locks the merchant's row ({@link #lock}, which first makes sure the row
 * exists) so that concurrent changes of one merchant run one after the other; the transaction is the caller's.
 */
public final class TestClockStore {

    private static final String COLUMNS = "merchant_id, frozen_at, version, created_at, updated_at";

    private final DatabaseClient db;

    public TestClockStore(DatabaseClient db) {
        this.db = db;
    }

    /** The merchant's clock; empty when it was never set. */
    public Mono<ClockState> find(String merchantId) {
        return db.sql("SELECT " + COLUMNS + " FROM test_clocks WHERE merchant_id = :merchantId AND version > 0")
                .bind("merchantId", merchantId)
                .map(TestClockStore::state)
                .one();
    }

    /**
     * The merchant's clock, locked until the transaction ends. A clock never set gets a version-0 row first (gone
     * again if the transaction rolls back); a second first change waits on the insert, then on the row lock.
     */
    public Mono<ClockState> lock(String merchantId, Instant now) {
        return db.sql("INSERT INTO test_clocks (" + COLUMNS + ") VALUES (:merchantId, NULL, 0, :now, :now)"
                        + " ON CONFLICT (merchant_id) DO NOTHING")
                .bind("merchantId", merchantId)
                .bind("now", now)
                .fetch()
                .rowsUpdated()
                .then(db.sql("SELECT " + COLUMNS + " FROM test_clocks WHERE merchant_id = :merchantId FOR UPDATE")
                        .bind("merchantId", merchantId)
                        .map(TestClockStore::state)
                        .one());
    }

    /** Writes the clock's next version; the row must be locked by this transaction. */
    public Mono<ClockState> update(ClockState current, @Nullable Instant frozenAt, Instant now) {
        return db.sql("UPDATE test_clocks SET frozen_at = :frozenAt, version = version + 1, updated_at = :now,"
                        + " created_at = CASE WHEN version = 0 THEN :now ELSE created_at END"
                        + " WHERE merchant_id = :merchantId AND version = :version RETURNING " + COLUMNS)
                .bind("frozenAt", SqlValues.nullable(frozenAt, Instant.class))
                .bind("now", now)
                .bind("merchantId", current.merchantId())
                .bind("version", current.version())
                .map(TestClockStore::state)
                .one()
                .switchIfEmpty(Mono.error(() -> new IllegalStateException("test clock of " + current.merchantId()
                        + " changed under its row lock (version " + current.version() + ")")));
    }

    private static ClockState state(Readable row) {
        var version = Objects.requireNonNull(row.get("version", Long.class));
        return new ClockState(
                Objects.requireNonNull(row.get("merchant_id", String.class)),
                row.get("frozen_at", Instant.class),
                version,
                version == 0 ? null : row.get("created_at", Instant.class),
                version == 0 ? null : row.get("updated_at", Instant.class));
    }
}
