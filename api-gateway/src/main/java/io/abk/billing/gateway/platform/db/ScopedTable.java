package io.abk.billing.gateway.platform.db;

import io.abk.billing.gateway.platform.web.Page;
import io.abk.billing.gateway.platform.web.PageRequest;
import io.abk.billing.schemas.avro.Mode;
import io.abk.billing.schemas.render.ApiJson;
import io.r2dbc.spi.Readable;
import java.util.function.Function;
import org.springframework.r2dbc.core.DatabaseClient;
import org.springframework.r2dbc.core.DatabaseClient.GenericExecuteSpec;
import reactor.core.publisher.Mono;

/**
 * A control-plane table whose rows belong to one merchant and mode (products, prices, webhook endpoints), read the
 * way each of them is: by id and in newest-first pages, every statement within the table's {@code scope} (merchant
 * and mode, and whatever else hides a row, such as its deletion), so another tenant's or mode's row is simply not
 * found. Each repository keeps its own writes.
 *
 * @param scope the SQL condition, with a leading space, that binds {@code :merchantId} and {@code :mode}
 * @param row reads one row of {@code columns}
 */
public record ScopedTable<T>(
        DatabaseClient db, String name, String columns, String scope, Function<? super Readable, T> row) {

    /** The condition of a table scoped by merchant and mode only, with its leading space. */
    public static final String MERCHANT_AND_MODE = " merchant_id = :merchantId AND mode = :mode";

    /** {@code sql}, whose condition holds the scope, with the scope's merchant and mode bound. */
    public GenericExecuteSpec sql(String sql, String merchantId, Mode mode) {
        return db.sql(sql).bind("merchantId", merchantId).bind("mode", ApiJson.mode(mode));
    }

    /** The row with {@code id} in the scope, locked for the caller's transaction when {@code forUpdate}. */
    public Mono<T> find(String merchantId, Mode mode, String id, boolean forUpdate) {
        return sql(
                        "SELECT " + columns + " FROM " + name + " WHERE id = :id AND" + scope
                                + (forUpdate ? " FOR UPDATE" : ""),
                        merchantId,
                        mode)
                .bind("id", id)
                .map(row)
                .one();
    }

    /** The scope's rows that also meet {@code filter} (SQL after an AND, or empty), newest first. */
    public Mono<Page<T>> newestFirst(String merchantId, Mode mode, String filter, PageRequest page) {
        return NewestFirst.page(
                db,
                "SELECT " + columns + " FROM " + name + " WHERE" + scope + filter,
                spec -> spec.bind("merchantId", merchantId).bind("mode", ApiJson.mode(mode)),
                page,
                row);
    }
}
