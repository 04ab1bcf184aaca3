package io.abk.billing.gateway.api.usage;

import io.abk.billing.gateway.platform.db.Columns;
import io.abk.billing.gateway.platform.db.ScopedTable;
import io.abk.billing.gateway.platform.web.Caller;
import io.abk.billing.schemas.avro.UsageSummary;
import io.abk.billing.schemas.render.ApiJson;
import io.r2dbc.postgresql.codec.Json;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
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
        return upsertAll(List.of(summary));
    }

    /**
     * Stores each summary unless its row holds a newer one, in one statement: the projector's batch, one round trip
     * instead of one per summary (a thousand subscriptions with events each get a summary a second). Of several
     * summaries of one subscription only the newest is kept (PostgreSQL's upsert may touch a row once per statement).
     * How many rows changed.
     */
    public Mono<Long> upsertAll(List<UsageSummary> summaries) {
        var newest = new LinkedHashMap<String, UsageSummary>();
        for (var summary : summaries) {
            newest.merge(
                    summary.getSubscriptionId(),
                    summary,
                    (kept, next) -> next.getAsOf().isBefore(kept.getAsOf()) ? kept : next);
        }
        if (newest.isEmpty()) {
            return Mono.just(0L);
        }
        var rows = List.copyOf(newest.values());
        return db.sql("INSERT INTO subscription_usage (subscription_id, merchant_id, mode, customer_id, period_start,"
                        + " period_end, as_of, items) SELECT * FROM unnest(:ids::text[], :merchantIds::text[],"
                        + " :modes::text[], :customerIds::text[], :starts::timestamptz[], :ends::timestamptz[],"
                        + " :asOfs::timestamptz[], :items::jsonb[]) ON CONFLICT (subscription_id) DO UPDATE SET"
                        + " period_start = EXCLUDED.period_start, period_end = EXCLUDED.period_end,"
                        + " as_of = EXCLUDED.as_of, items = EXCLUDED.items, customer_id = EXCLUDED.customer_id,"
                        + " projected_at = now() WHERE subscription_usage.as_of <= EXCLUDED.as_of")
                .bind("ids", column(rows, UsageSummary::getSubscriptionId))
                .bind("merchantIds", column(rows, UsageSummary::getMerchantId))
                .bind("modes", column(rows, summary -> ApiJson.mode(summary.getMode())))
                .bind("customerIds", column(rows, UsageSummary::getCustomerId))
                .bind("starts", column(rows, summary -> summary.getPeriodStart().toString()))
                .bind("ends", column(rows, summary -> summary.getPeriodEnd().toString()))
                .bind("asOfs", column(rows, summary -> summary.getAsOf().toString()))
                .bind("items", column(rows, SubscriptionUsageRepository::itemsJson))
                .fetch()
                .rowsUpdated();
    }

    private static String[] column(List<UsageSummary> rows, Function<UsageSummary, String> value) {
        return rows.stream().map(value).toArray(String[]::new);
    }

    private static String itemsJson(UsageSummary summary) {
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
        return JSON.writeValueAsString(items);
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
