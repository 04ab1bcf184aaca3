package io.abk.billing.gateway.readmodel;

import io.abk.billing.gateway.platform.db.Columns;
import io.abk.billing.gateway.platform.web.Caller;
import io.abk.billing.gateway.platform.web.Page;
import io.abk.billing.gateway.platform.web.PageRequest;
import io.abk.billing.gateway.readmodel.projection.ProjectedResources;
import io.abk.billing.schemas.ids.CustomerIds;
import io.abk.billing.schemas.ids.IdPrefix;
import io.abk.billing.schemas.render.ApiJson;
import java.util.Locale;
import org.jspecify.annotations.Nullable;
import org.springframework.r2dbc.core.DatabaseClient;
import org.springframework.stereotype.Component;
import reactor.core.publisher.Mono;
import tools.jackson.databind.JsonNode;

/**
 * Reads customers from the read model, always within the caller's merchant and mode. A customer's id is derived
 * from merchant, mode and wallet ({@link CustomerIds}) and does not sort by time, so lists go newest first by
 * {@code (created_at, id)}, the cursor's row giving where the next page starts (migration V23).
 */
@Component
public final class CustomerReadModel {

    /** What a list of customers is narrowed to, each part optional: a wallet (any case) and an email (any case). */
    public record Filter(@Nullable String wallet, @Nullable String email) {}

    private final DatabaseClient db;
    private final ResourceTable table;

    public CustomerReadModel(DatabaseClient db, ProjectedResources projected) {
        this.db = db;
        this.table = new ResourceTable(db, projected, "customers", IdPrefix.CUSTOMER);
    }

    public Mono<JsonNode> find(Caller caller, String id) {
        return table.find(caller, id);
    }

    /** The caller's customer of {@code wallet} (any case), if the read model has it. */
    public Mono<JsonNode> ofWallet(Caller caller, String wallet) {
        return find(caller, CustomerIds.of(caller.merchantId(), ApiJson.mode(caller.mode()), wallet));
    }

    /** A page of the customers {@code filter} lets through, newest first. */
    public Mono<Page<JsonNode>> list(Caller caller, Filter filter, PageRequest page) {
        var spec = db.sql(listSql(filter, page.startingAfter() != null))
                .bind("merchantId", caller.merchantId())
                .bind("mode", ApiJson.mode(caller.mode()))
                .bind("limit", page.limit() + 1);
        if (filter.wallet() != null) {
            spec = spec.bind("wallet", filter.wallet().toLowerCase(Locale.ROOT));
        }
        if (filter.email() != null) {
            spec = spec.bind("email", filter.email().toLowerCase(Locale.ROOT));
        }
        if (page.startingAfter() != null) {
            spec = spec.bind("after", page.startingAfter());
        }
        return spec.map(row -> ResourceJson.parse(Columns.required(row, "body", String.class)))
                .all()
                .collectList()
                .map(rows -> Page.fromRowsPlusOne(rows, page.limit()));
    }

    /**
     * The list's statement: {@code :merchantId}, {@code :mode}, {@code :limit}, and {@code :wallet}, {@code :email}
     * (lower case) and {@code :after} (the cursor's id) when the filter or the page has them. Each shape is served by
     * an index of V23.
     */
    static String listSql(Filter filter, boolean withCursor) {
        var sql = new StringBuilder(
                "SELECT body::text AS body FROM customers WHERE merchant_id = :merchantId AND mode = :mode");
        if (filter.wallet() != null) {
            sql.append(" AND wallet = :wallet");
        }
        if (filter.email() != null) {
            // The partial index holds only customers with an email; saying so lets the planner use it.
            sql.append(" AND email IS NOT NULL AND lower(email) = :email");
        }
        if (withCursor) {
            // A cursor that is not the caller's customer compares with NULL: an empty page.
            sql.append(" AND (created_at, id) < (SELECT c.created_at, c.id FROM customers c"
                    + " WHERE c.id = :after AND c.merchant_id = :merchantId AND c.mode = :mode)");
        }
        return sql.append(" ORDER BY created_at DESC, id DESC LIMIT :limit").toString();
    }
}
