package io.abk.billing.gateway.api.meter;

import static io.abk.billing.gateway.controlplane.auth.ApiKeyFormat.modeText;

import io.abk.billing.gateway.platform.db.ScopedTable;
import io.abk.billing.gateway.platform.db.SqlValues;
import io.abk.billing.gateway.platform.web.Page;
import io.abk.billing.gateway.platform.web.PageRequest;
import io.abk.billing.schemas.avro.Mode;
import java.time.Instant;
import org.springframework.r2dbc.core.DatabaseClient;
import org.springframework.stereotype.Component;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

/**
 * SQL for {@code meters}. Every statement is scoped by merchant and mode, so another tenant's or mode's meter is
 * simply not found. Transactions are the caller's.
 */
@Component
public class MeterRepository {

    private static final String SCOPE = ScopedTable.MERCHANT_AND_MODE;

    private final DatabaseClient db;
    private final ScopedTable<Meter> meters;

    public MeterRepository(DatabaseClient db) {
        this.db = db;
        this.meters = new ScopedTable<>(db, "meters", Meter.COLUMNS, SCOPE, Meter::from);
    }

    /**
     * Inserts the meter; empty when it conflicts with a row: one with its id (the request ran before) or one with its
     * event name in the merchant's mode.
     */
    public Mono<Meter> insert(Meter m) {
        return db.sql("INSERT INTO meters (" + Meter.COLUMNS + ") VALUES (:id, :merchantId, :mode, :eventName,"
                        + " :aggregation, :displayName, :valueKey, :status, :at, :at) ON CONFLICT DO NOTHING"
                        + " RETURNING " + Meter.COLUMNS)
                .bind("id", m.id())
                .bind("merchantId", m.merchantId())
                .bind("mode", modeText(m.mode()))
                .bind("eventName", m.eventName())
                .bind("aggregation", m.aggregation())
                .bind("displayName", SqlValues.nullable(m.displayName(), String.class))
                .bind("valueKey", m.valueKey())
                .bind("status", m.status())
                .bind("at", m.createdAt())
                .map(Meter::from)
                .one();
    }

    public Mono<Meter> find(String merchantId, Mode mode, String id, boolean forUpdate) {
        return meters.find(merchantId, mode, id, forUpdate);
    }

    public Mono<Meter> findByEventName(String merchantId, Mode mode, String eventName) {
        return meters.sql(
                        "SELECT " + Meter.COLUMNS + " FROM meters WHERE event_name = :eventName AND" + SCOPE,
                        merchantId,
                        mode)
                .bind("eventName", eventName)
                .map(Meter::from)
                .one();
    }

    /** Every meter of the merchant's mode, active or not. */
    public Flux<Meter> all(String merchantId, Mode mode) {
        return meters.sql("SELECT " + Meter.COLUMNS + " FROM meters WHERE" + SCOPE, merchantId, mode)
                .map(Meter::from)
                .all();
    }

    public Mono<Page<Meter>> list(String merchantId, Mode mode, PageRequest page) {
        return meters.newestFirst(merchantId, mode, "", page);
    }

    public Mono<Meter> setStatus(Meter m, String status, Instant at) {
        return meters.sql(
                        "UPDATE meters SET status = :status, updated_at = :at WHERE id = :id AND" + SCOPE
                                + " RETURNING " + Meter.COLUMNS,
                        m.merchantId(),
                        m.mode())
                .bind("id", m.id())
                .bind("status", status)
                .bind("at", at)
                .map(Meter::from)
                .one();
    }
}
