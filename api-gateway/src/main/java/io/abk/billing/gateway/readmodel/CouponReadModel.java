package io.abk.billing.gateway.readmodel;

import io.abk.billing.gateway.platform.web.Caller;
import io.abk.billing.gateway.platform.web.Page;
import io.abk.billing.gateway.platform.web.PageRequest;
import io.abk.billing.gateway.readmodel.projection.ProjectedResources;
import io.abk.billing.schemas.ids.IdPrefix;
import java.util.List;
import org.springframework.r2dbc.core.DatabaseClient;
import org.springframework.stereotype.Component;
import reactor.core.publisher.Mono;
import tools.jackson.databind.JsonNode;

/**
 * Reads coupons from the read model, always within the caller's merchant and mode. A coupon's id is minted by the
 * gateway and sorts by time, so lists go newest first by id (migration V25).
 */
@Component
public final class CouponReadModel {

    private final ResourceTable table;

    public CouponReadModel(DatabaseClient db, ProjectedResources projected) {
        this.table = new ResourceTable(db, projected, "coupons", IdPrefix.COUPON);
    }

    public Mono<JsonNode> find(Caller caller, String id) {
        return table.find(caller, id);
    }

    /** A page of the caller's coupons, newest first. */
    public Mono<Page<JsonNode>> list(Caller caller, PageRequest page) {
        return table.list(caller, List.of(), page);
    }
}
