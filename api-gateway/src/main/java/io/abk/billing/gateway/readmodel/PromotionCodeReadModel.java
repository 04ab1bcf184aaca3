package io.abk.billing.gateway.readmodel;

import io.abk.billing.gateway.platform.db.Columns;
import io.abk.billing.gateway.platform.web.Caller;
import io.abk.billing.gateway.platform.web.Page;
import io.abk.billing.gateway.platform.web.PageRequest;
import io.abk.billing.gateway.readmodel.projection.ProjectedResources;
import io.abk.billing.schemas.ids.IdPrefix;
import io.abk.billing.schemas.ids.PromotionCodeIds;
import io.abk.billing.schemas.render.ApiJson;
import org.jspecify.annotations.Nullable;
import org.springframework.r2dbc.core.DatabaseClient;
import org.springframework.stereotype.Component;
import reactor.core.publisher.Mono;
import tools.jackson.databind.JsonNode;

/**
 * Reads promotion codes from the read model, always within the caller's merchant and mode. A code's id is derived
 * from merchant, mode and code ({@link PromotionCodeIds}), so finding a code (any case) is finding an id, and lists go
 * newest first by {@code (created_at, id)}, the cursor's row giving where the next page starts (migration V25).
 */
@Component
public final class PromotionCodeReadModel {

    private final DatabaseClient db;
    private final ResourceTable table;

    public PromotionCodeReadModel(DatabaseClient db, ProjectedResources projected) {
        this.db = db;
        this.table = new ResourceTable(db, projected, "promotion_codes", IdPrefix.PROMOTION_CODE);
    }

    public Mono<JsonNode> find(Caller caller, String id) {
        return table.find(caller, id);
    }

    /** The caller's promotion code {@code code} (any case), if the read model has it. */
    public Mono<JsonNode> ofCode(Caller caller, String code) {
        return find(caller, PromotionCodeIds.of(caller.merchantId(), ApiJson.mode(caller.mode()), code));
    }

    /** A page of the caller's codes, newest first, of one coupon when {@code couponId} is given. */
    public Mono<Page<JsonNode>> list(Caller caller, @Nullable String couponId, PageRequest page) {
        var spec = db.sql(listSql(couponId != null, page.startingAfter() != null))
                .bind("merchantId", caller.merchantId())
                .bind("mode", ApiJson.mode(caller.mode()))
                .bind("limit", page.limit() + 1);
        if (couponId != null) {
            spec = spec.bind("couponId", couponId);
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
     * The list's statement: {@code :merchantId}, {@code :mode}, {@code :limit}, and {@code :couponId} and
     * {@code :after} (the cursor's id) when given. Each shape is served by an index of V25.
     */
    static String listSql(boolean ofCoupon, boolean withCursor) {
        var sql = new StringBuilder(
                "SELECT body::text AS body FROM promotion_codes WHERE merchant_id = :merchantId AND mode = :mode");
        if (ofCoupon) {
            sql.append(" AND coupon_id = :couponId");
        }
        if (withCursor) {
            // A cursor that is not the caller's code compares with NULL: an empty page.
            sql.append(" AND (created_at, id) < (SELECT p.created_at, p.id FROM promotion_codes p"
                    + " WHERE p.id = :after AND p.merchant_id = :merchantId AND p.mode = :mode)");
        }
        return sql.append(" ORDER BY created_at DESC, id DESC LIMIT :limit").toString();
    }
}
