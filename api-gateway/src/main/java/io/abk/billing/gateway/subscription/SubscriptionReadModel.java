package io.abk.billing.gateway.subscription;

import io.abk.billing.gateway.auth.Caller;
import io.abk.billing.gateway.web.PageRequest;
import io.abk.billing.schemas.render.ApiJson;
import java.util.List;
import org.jspecify.annotations.Nullable;
import org.springframework.r2dbc.core.DatabaseClient;
import reactor.core.publisher.Mono;
import tools.jackson.databind.JsonNode;

/** Reads subscriptions from the read model, always within the caller's merchant and mode. */
public final class SubscriptionReadModel {

    /** One page, newest first, and whether more follow. */
    public record Page(List<JsonNode> subscriptions, boolean hasMore) {
    }

    private final DatabaseClient db;

    public SubscriptionReadModel(DatabaseClient db) {
        this.db = db;
    }

    public Mono<JsonNode> find(Caller caller, String id) {
        return db.sql("SELECT body::text AS body FROM subscriptions WHERE id = :id AND merchant_id = :merchantId AND mode = :mode")
                .bind("id", id)
                .bind("merchantId", caller.merchantId())
                .bind("mode", ApiJson.mode(caller.mode()))
                .map((row, metadata) -> ResourceJson.parse(row.get("body", String.class)))
                .first();
    }

    /** A page of subscriptions, optionally of one status; the index (merchant, mode[, status], id DESC) serves each shape. */
    public Mono<Page> list(Caller caller, @Nullable String status, PageRequest page) {
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
                .map(rows -> rows.size() > page.limit()
                        ? new Page(List.copyOf(rows.subList(0, page.limit())), true)
                        : new Page(List.copyOf(rows), false));
    }
}
