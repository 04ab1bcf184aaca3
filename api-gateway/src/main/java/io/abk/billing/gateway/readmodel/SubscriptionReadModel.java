package io.abk.billing.gateway.readmodel;

import io.abk.billing.gateway.auth.Caller;
import io.abk.billing.gateway.web.Page;
import io.abk.billing.gateway.web.PageRequest;
import io.abk.billing.schemas.avro.Mode;
import io.abk.billing.schemas.ids.IdPrefix;
import io.abk.billing.schemas.ids.Ids;
import io.abk.billing.schemas.render.ApiJson;
import org.jspecify.annotations.Nullable;
import org.springframework.r2dbc.core.DatabaseClient;
import org.springframework.stereotype.Component;
import reactor.core.publisher.Mono;
import tools.jackson.databind.JsonNode;

/**
 * Reads subscriptions from the read model, always within the caller's merchant and mode; only the public
 * checkout finds one by its id alone ({@link #findForCheckout}), to learn whose it is. A malformed id finds
 * nothing, without a query.
 */
@Component
public final class SubscriptionReadModel {

    private final DatabaseClient db;

    public SubscriptionReadModel(DatabaseClient db) {
        this.db = db;
    }

    public Mono<JsonNode> find(Caller caller, String id) {
        if (!Ids.isWellFormed(IdPrefix.SUBSCRIPTION, id)) {
            return Mono.empty();
        }
        return db.sql("SELECT body::text AS body FROM subscriptions WHERE id = :id AND merchant_id = :merchantId AND mode = :mode")
                .bind("id", id)
                .bind("merchantId", caller.merchantId())
                .bind("mode", ApiJson.mode(caller.mode()))
                .map((row, metadata) -> ResourceJson.parse(row.get("body", String.class)))
                .first();
    }

    /** Any merchant's subscription by id: for the checkout routes, which have no API key to scope by. */
    public Mono<OwnedResource> findForCheckout(String id) {
        if (!Ids.isWellFormed(IdPrefix.SUBSCRIPTION, id)) {
            return Mono.empty();
        }
        return db.sql("SELECT merchant_id, mode, body::text AS body FROM subscriptions WHERE id = :id")
                .bind("id", id)
                .map((row, metadata) -> new OwnedResource(row.get("merchant_id", String.class),
                        "live".equals(row.get("mode", String.class)) ? Mode.LIVE : Mode.TEST,
                        ResourceJson.parse(row.get("body", String.class))))
                .first();
    }

    /** A page of subscriptions, optionally of one status; the index (merchant, mode[, status], id DESC) serves each shape. */
    public Mono<Page<JsonNode>> list(Caller caller, @Nullable String status, PageRequest page) {
        var sql = new StringBuilder("SELECT body::text AS body FROM subscriptions WHERE merchant_id = :merchantId AND mode = :mode");
        if (status != null) {
            sql.append(" AND status = :status");
        }
        if (page.startingAfter() != null) {
            sql.append(" AND id < :startingAfter");
        }
        // One more than asked tells whether another page follows.
        sql.append(" ORDER BY id DESC LIMIT ").append(page.limit() + 1);
        var spec = db.sql(sql.toString())
                .bind("merchantId", caller.merchantId())
                .bind("mode", ApiJson.mode(caller.mode()));
        if (status != null) {
            spec = spec.bind("status", status);
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
