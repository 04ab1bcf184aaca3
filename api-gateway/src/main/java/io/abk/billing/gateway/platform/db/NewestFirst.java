package io.abk.billing.gateway.platform.db;

import io.abk.billing.gateway.platform.web.Page;
import io.abk.billing.gateway.platform.web.PageRequest;
import io.r2dbc.spi.Readable;
import java.util.function.Function;
import java.util.function.UnaryOperator;
import org.jspecify.annotations.Nullable;
import org.springframework.r2dbc.core.DatabaseClient;
import org.springframework.r2dbc.core.DatabaseClient.GenericExecuteSpec;
import reactor.core.publisher.Mono;

/**
 * The query of every list of the control plane: rows newest first by id, after the cursor when there is one, read
 * with {@code LIMIT limit + 1} so that the extra row says whether another page follows ({@link Page#fromRowsPlusOne}).
 */
public final class NewestFirst {

    private NewestFirst() {}

    /**
     * One page of {@code select}'s rows, after {@code page}'s cursor.
     *
     * @param select a SELECT whose WHERE holds the list's filter; the cursor's condition and the order follow it
     * @param bind binds the filter's parameters
     */
    public static <T> Mono<Page<T>> page(
            DatabaseClient db,
            String select,
            UnaryOperator<GenericExecuteSpec> bind,
            PageRequest page,
            Function<? super Readable, T> row) {
        return page(db, select, bind, page, page.startingAfter(), row);
    }

    /** One page of a merchant's rows of {@code table} (its {@code merchant_id}), both modes, newest first. */
    public static <T> Mono<Page<T>> ofMerchant(
            DatabaseClient db,
            String columns,
            String table,
            String merchantId,
            PageRequest page,
            Function<? super Readable, T> row) {
        return page(
                db,
                "SELECT " + columns + " FROM " + table + " WHERE merchant_id = :merchantId",
                spec -> spec.bind("merchantId", merchantId),
                page,
                row);
    }

    /** As above, with the cursor already in the id column's type ({@code cursor} null on the first page). */
    public static <T> Mono<Page<T>> page(
            DatabaseClient db,
            String select,
            UnaryOperator<GenericExecuteSpec> bind,
            PageRequest page,
            @Nullable Object cursor,
            Function<? super Readable, T> row) {
        var spec = bind.apply(
                        db.sql(select + (cursor == null ? "" : " AND id < :after") + " ORDER BY id DESC LIMIT :limit"))
                .bind("limit", page.limit() + 1);
        if (cursor != null) {
            spec = spec.bind("after", cursor);
        }
        return spec.map(row).all().collectList().map(rows -> Page.fromRowsPlusOne(rows, page.limit()));
    }
}
