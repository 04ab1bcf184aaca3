package io.abk.billing.gateway.readmodel;

import io.abk.billing.gateway.platform.db.Columns;
import io.abk.billing.gateway.platform.db.NewestFirst;
import io.abk.billing.gateway.platform.web.Caller;
import io.abk.billing.gateway.platform.web.Page;
import io.abk.billing.gateway.platform.web.PageRequest;
import io.abk.billing.gateway.readmodel.projection.ProjectedResources;
import io.abk.billing.gateway.readmodel.projection.ProjectedResources.Resource;
import io.abk.billing.schemas.avro.Mode;
import io.abk.billing.schemas.ids.IdPrefix;
import io.abk.billing.schemas.ids.Ids;
import io.abk.billing.schemas.render.ApiJson;
import java.util.List;
import java.util.Map;
import org.springframework.r2dbc.core.DatabaseClient;
import reactor.core.publisher.Mono;
import tools.jackson.databind.JsonNode;

/**
 * The reads every read-model table of rendered resources ({@code id, merchant_id, mode, body, ...}) answers: one
 * by id within the caller's merchant and mode, one by id alone for checkout, and a newest-first page with extra
 * conditions. A malformed id finds nothing, without a query. The table name is a constant of the caller, never
 * input. Reads by id are answered from {@link ProjectedResources} while it serves, and what they find in the
 * table is kept there; lists always read the table.
 *
 * @param table the table's name, a constant of the caller
 * @param prefix the prefix of its ids
 */
record ResourceTable(DatabaseClient db, ProjectedResources projected, String table, IdPrefix prefix) {

    /** An extra {@code WHERE} condition of a list, with the values of its named parameters. */
    record Condition(String sql, Map<String, Object> binds) {}

    Mono<JsonNode> find(Caller caller, String id) {
        var mode = ApiJson.mode(caller.mode());
        return resource(id)
                .filter(found -> found.belongsTo(caller.merchantId(), mode))
                .map(found -> ResourceJson.parse(found.body()));
    }

    Mono<OwnedResource> findOwned(String id) {
        return resource(id)
                .map(found -> new OwnedResource(
                        found.merchantId(),
                        "live".equals(found.mode()) ? Mode.LIVE : Mode.TEST,
                        ResourceJson.parse(found.body())));
    }

    /** The resource whoever owns it: from memory while that serves, else the table's row (then kept in memory). */
    private Mono<Resource> resource(String id) {
        if (!Ids.isWellFormed(prefix, id)) {
            return Mono.empty();
        }
        var cached = projected.find(id);
        if (cached != null) {
            return Mono.just(cached);
        }
        return Mono.defer(() -> {
            long stamp = projected.stamp(id);
            return db.sql("SELECT merchant_id, mode, version, body::text AS body FROM " + table + " WHERE id = :id")
                    .bind("id", id)
                    .map((row, metadata) -> new Resource(
                            Columns.required(row, "merchant_id", String.class),
                            Columns.required(row, "mode", String.class),
                            Columns.required(row, "version", Long.class),
                            Columns.required(row, "body", String.class)))
                    .first()
                    .doOnNext(found -> projected.fill(id, stamp, found));
        });
    }

    /** A page newest first; the indexes (merchant, mode[, status], id DESC) serve it. */
    Mono<Page<JsonNode>> list(Caller caller, List<Condition> conditions, PageRequest page) {
        var select = new StringBuilder(
                "SELECT body::text AS body FROM " + table + " WHERE merchant_id = :merchantId AND mode = :mode");
        conditions.forEach(condition -> select.append(" AND ").append(condition.sql()));
        return NewestFirst.page(
                db,
                select.toString(),
                spec -> {
                    var bound = spec.bind("merchantId", caller.merchantId()).bind("mode", ApiJson.mode(caller.mode()));
                    for (var condition : conditions) {
                        for (var bind : condition.binds().entrySet()) {
                            bound = bound.bind(bind.getKey(), bind.getValue());
                        }
                    }
                    return bound;
                },
                page,
                row -> ResourceJson.parse(Columns.required(row, "body", String.class)));
    }
}
