package io.abk.billing.gateway.readmodel;

import io.abk.billing.gateway.platform.db.Columns;
import io.abk.billing.gateway.platform.web.Caller;
import io.abk.billing.gateway.platform.web.Page;
import io.abk.billing.gateway.platform.web.PageRequest;
import io.abk.billing.gateway.readmodel.ResourceTable.Condition;
import io.abk.billing.gateway.readmodel.projection.ProjectedResources;
import io.abk.billing.schemas.avro.Mode;
import io.abk.billing.schemas.ids.IdPrefix;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;
import org.jspecify.annotations.Nullable;
import org.springframework.r2dbc.core.DatabaseClient;
import org.springframework.stereotype.Component;
import reactor.core.publisher.Mono;
import tools.jackson.databind.JsonNode;

/** Reads invoices from the read model, always within the caller's merchant and mode. A malformed id finds nothing. */
@Component
public final class InvoiceReadModel {

    /** A hosted page's token as billing-streams mints it: 16 random bytes, base64url without padding. */
    private static final Pattern HOSTED_TOKEN = Pattern.compile("[A-Za-z0-9_-]{22}");

    private final DatabaseClient db;
    private final ResourceTable table;

    public InvoiceReadModel(DatabaseClient db, ProjectedResources projected) {
        this.db = db;
        this.table = new ResourceTable(db, projected, "invoices", IdPrefix.INVOICE);
    }

    public Mono<JsonNode> find(Caller caller, String id) {
        return table.find(caller, id);
    }

    /**
     * Any merchant's finalized invoice by the token of its hosted page (the last path segment of
     * {@code hostedInvoiceUrl}, 128 random bits): for the public invoice page, which has no key to scope by. A token
     * of another shape finds nothing, without a query.
     */
    public Mono<OwnedResource> findByHostedToken(String token) {
        if (!HOSTED_TOKEN.matcher(token).matches()) {
            return Mono.empty();
        }
        return db.sql("SELECT merchant_id, mode, body::text AS body FROM invoices WHERE hosted_token = :token")
                .bind("token", token)
                .map((row, metadata) -> new OwnedResource(
                        Columns.required(row, "merchant_id", String.class),
                        "live".equals(Columns.required(row, "mode", String.class)) ? Mode.LIVE : Mode.TEST,
                        ResourceJson.parse(Columns.required(row, "body", String.class))))
                .first();
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
