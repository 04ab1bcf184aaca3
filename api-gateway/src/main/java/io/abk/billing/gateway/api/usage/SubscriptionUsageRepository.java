package io.abk.billing.gateway.api.usage;

import io.abk.billing.gateway.platform.db.Columns;
import io.abk.billing.gateway.platform.db.ScopedTable;
import io.abk.billing.gateway.platform.web.Caller;
import io.abk.billing.schemas.avro.UsageSummary;
import io.abk.billing.schemas.render.ApiJson;
import io.r2dbc.postgresql.codec.Json;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.Map;
import org.springframework.r2dbc.core.DatabaseClient;
import reactor.core.publisher.Mono;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * SQL for {@code subscription_usage}: the projector's upsert (a summary older than the row is ignored, so a replayed
 * partition never moves a subscription's usage back) and the route's read, scoped by merchant and mode.
 */
public final class SubscriptionUsageRepository {

    /** One subscription's usage as the row holds it: the summary's items as JSON. */
    public record Row(Instant periodStart, Instant periodEnd, Instant asOf, JsonNode items) {}

    private static final JsonMapper JSON = JsonMapper.builder().build();

    private final DatabaseClient db;

    public SubscriptionUsageRepository(DatabaseClient db) {
        this.db = db;
    }

    /** Stores the summary unless the row holds a newer one. */
    public Mono<Long> upsert(UsageSummary summary) {
        var items = summary.getItems().stream()
                .map(item -> {
                    var json = new LinkedHashMap<String, Object>();
                    json.put("itemId", item.getItemId());
                    json.put("meterId", item.getMeterId());
                    json.put("quantity", item.getQuantity());
                    json.put("eventCount", item.getEventCount());
                    return (Map<String, Object>) json;
                })
                .toList();
        return db.sql("INSERT INTO subscription_usage (subscription_id, merchant_id, mode, customer_id, period_start,"
                        + " period_end, as_of, items) VALUES (:id, :merchantId, :mode, :customerId, :start, :end,"
                        + " :asOf, :items) ON CONFLICT (subscription_id) DO UPDATE SET"
                        + " period_start = EXCLUDED.period_start, period_end = EXCLUDED.period_end,"
                        + " as_of = EXCLUDED.as_of, items = EXCLUDED.items, customer_id = EXCLUDED.customer_id,"
                        + " projected_at = now() WHERE subscription_usage.as_of <= EXCLUDED.as_of")
                .bind("id", summary.getSubscriptionId())
                .bind("merchantId", summary.getMerchantId())
                .bind("mode", ApiJson.mode(summary.getMode()))
                .bind("customerId", summary.getCustomerId())
                .bind("start", summary.getPeriodStart())
                .bind("end", summary.getPeriodEnd())
                .bind("asOf", summary.getAsOf())
                .bind("items", Json.of(JSON.writeValueAsString(items)))
                .fetch()
                .rowsUpdated();
    }

    /** The subscription's usage row within the caller's merchant and mode, if any. */
    public Mono<Row> find(Caller caller, String subscriptionId) {
        return db.sql("SELECT period_start, period_end, as_of, items FROM subscription_usage"
                        + " WHERE subscription_id = :id AND" + ScopedTable.MERCHANT_AND_MODE)
                .bind("id", subscriptionId)
                .bind("merchantId", caller.merchantId())
                .bind("mode", ApiJson.mode(caller.mode()))
                .map(row -> new Row(
                        Columns.required(row, "period_start", Instant.class),
                        Columns.required(row, "period_end", Instant.class),
                        Columns.required(row, "as_of", Instant.class),
                        JSON.readTree(Columns.required(row, "items", Json.class).asString())))
                .one();
    }
}
