package io.abk.billing.gateway.readmodel;

import io.abk.billing.gateway.auth.Caller;
import io.abk.billing.gateway.web.Page;
import io.abk.billing.gateway.web.PageRequest;
import io.abk.billing.schemas.ids.IdPrefix;
import io.abk.billing.schemas.ids.Ids;
import io.abk.billing.schemas.render.ApiJson;
import org.jspecify.annotations.Nullable;
import org.springframework.r2dbc.core.DatabaseClient;
import org.springframework.stereotype.Component;
import reactor.core.publisher.Mono;
import tools.jackson.databind.JsonNode;

/** Reads invoices from the read model, always within the caller's merchant and mode. A malformed id finds nothing. */
@Component
public final class InvoiceReadModel {

    private final DatabaseClient db;

    public InvoiceReadModel(DatabaseClient db) {
        this.db = db;
    }

    public Mono<JsonNode> find(Caller caller, String id) {
        if (!Ids.isWellFormed(IdPrefix.INVOICE, id)) {
            return Mono.empty();
        }
        return db.sql("SELECT body::text AS body FROM invoices WHERE id = :id AND merchant_id = :merchantId AND mode = :mode")
                .bind("id", id)
                .bind("merchantId", caller.merchantId())
                .bind("mode", ApiJson.mode(caller.mode()))
                .map((row, metadata) -> ResourceJson.parse(row.get("body", String.class)))
                .first();
    }

    /**
     * A page of invoices, newest first, optionally of one subscription; the indexes (merchant, mode[,
     * subscription], id DESC) serve each shape.
     */
    public Mono<Page<JsonNode>> list(Caller caller, @Nullable String subscriptionId, PageRequest page) {
        var sql = new StringBuilder("SELECT body::text AS body FROM invoices WHERE merchant_id = :merchantId AND mode = :mode");
        if (subscriptionId != null) {
            sql.append(" AND subscription_id = :subscriptionId");
        }
        if (page.startingAfter() != null) {
            sql.append(" AND id < :startingAfter");
        }
        // One more than asked tells whether another page follows.
        sql.append(" ORDER BY id DESC LIMIT ").append(page.limit() + 1);
        var spec = db.sql(sql.toString())
                .bind("merchantId", caller.merchantId())
                .bind("mode", ApiJson.mode(caller.mode()));
        if (subscriptionId != null) {
            spec = spec.bind("subscriptionId", subscriptionId);
        }
        if (page.startingAfter() != null) {
            spec = spec.bind("startingAfter", page.startingAfter());
        }
        return spec.map((row, metadata) -> ResourceJson.parse(row.get("body", String.class)))
                .all()
                .collectList()
                .map(rows -> Page.fromRowsPlusOne(rows, page.limit()));
    }
}
