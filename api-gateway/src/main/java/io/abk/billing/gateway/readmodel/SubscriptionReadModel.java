package io.abk.billing.gateway.readmodel;

import io.abk.billing.gateway.controlplane.clock.EffectiveClock;
import io.abk.billing.gateway.platform.web.ApiException;
import io.abk.billing.gateway.platform.web.Caller;
import io.abk.billing.gateway.platform.web.Page;
import io.abk.billing.gateway.platform.web.PageRequest;
import io.abk.billing.gateway.readmodel.projection.ProjectedResources;
import io.abk.billing.schemas.ids.IdPrefix;
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

    private final ResourceTable table;
    private final EffectiveClock clock;

    public SubscriptionReadModel(DatabaseClient db, ProjectedResources projected, EffectiveClock clock) {
        this.table = new ResourceTable(db, projected, "subscriptions", IdPrefix.SUBSCRIPTION);
        this.clock = clock;
    }

    public Mono<JsonNode> find(Caller caller, String id) {
        return table.find(caller, id);
    }

    /** The id of the caller's subscription {@code id}, for a command to it; a 404 when the caller has none. */
    public Mono<String> existing(Caller caller, String id) {
        return find(caller, id)
                .switchIfEmpty(ApiException.notFoundError("subscription", id))
                .thenReturn(id);
    }

    /**
     * Any merchant's subscription by id: for the checkout routes, which have no API key to scope by. Loads the
     * owner's test clock on the way, which the commands checkout then sends are stamped with.
     */
    public Mono<OwnedResource> findForCheckout(String id) {
        return table.findOwned(id)
                .flatMap(owned -> clock.now(owned.merchantId(), owned.mode()).thenReturn(owned));
    }

    /** A page of subscriptions, optionally of one status; the index (merchant, mode[, status], id DESC) serves each shape. */
    public Mono<Page<JsonNode>> list(Caller caller, @Nullable String status, PageRequest page) {
        return matching(caller, SubscriptionFilter.ofStatus(status), page);
    }

    /** A page of the subscriptions {@code filter} lets through, newest first. */
    public Mono<Page<JsonNode>> matching(Caller caller, SubscriptionFilter filter, PageRequest page) {
        return table.list(caller, filter.conditions(), page);
    }
}
