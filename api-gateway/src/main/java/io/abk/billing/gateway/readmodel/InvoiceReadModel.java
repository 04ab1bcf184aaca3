package io.abk.billing.gateway.readmodel;

import io.abk.billing.gateway.platform.web.Caller;
import io.abk.billing.gateway.platform.web.Page;
import io.abk.billing.gateway.platform.web.PageRequest;
import io.abk.billing.gateway.readmodel.ResourceTable.Condition;
import io.abk.billing.gateway.readmodel.projection.ProjectedResources;
import io.abk.billing.schemas.ids.IdPrefix;
import java.util.List;
import java.util.Map;
import org.jspecify.annotations.Nullable;
import org.springframework.r2dbc.core.DatabaseClient;
import org.springframework.stereotype.Component;
import reactor.core.publisher.Mono;
import tools.jackson.databind.JsonNode;

/** Reads invoices from the read model, always within the caller's merchant and mode. A malformed id finds nothing. */
@Component
public final class InvoiceReadModel {

    private final ResourceTable table;

    public InvoiceReadModel(DatabaseClient db, ProjectedResources projected) {
        this.table = new ResourceTable(db, projected, "invoices", IdPrefix.INVOICE);
    }

    public Mono<JsonNode> find(Caller caller, String id) {
        return table.find(caller, id);
    }

    /**
     * A page of invoices, newest first, optionally of one subscription; the indexes (merchant, mode[,
     * subscription], id DESC) serve each shape.
     */
    public Mono<Page<JsonNode>> list(Caller caller, @Nullable String subscriptionId, PageRequest page) {
        var conditions = subscriptionId == null
                ? List.<Condition>of()
                : List.of(new Condition("subscription_id = :subscriptionId", Map.of("subscriptionId", subscriptionId)));
        return table.list(caller, conditions, page);
    }
}
