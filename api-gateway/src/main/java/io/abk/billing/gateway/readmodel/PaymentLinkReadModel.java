package io.abk.billing.gateway.readmodel;

import io.abk.billing.gateway.controlplane.clock.EffectiveClock;
import io.abk.billing.gateway.platform.web.Caller;
import io.abk.billing.gateway.platform.web.Page;
import io.abk.billing.gateway.platform.web.PageRequest;
import io.abk.billing.gateway.readmodel.ResourceTable.Condition;
import io.abk.billing.gateway.readmodel.projection.ProjectedResources;
import io.abk.billing.schemas.ids.IdPrefix;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.jspecify.annotations.Nullable;
import org.springframework.r2dbc.core.DatabaseClient;
import org.springframework.stereotype.Component;
import reactor.core.publisher.Mono;
import tools.jackson.databind.JsonNode;

/**
 * Reads payment links from the read model, always within the caller's merchant and mode (checkout alone finds one
 * by its id), each shown as at the merchant's effective now (its test clock in test mode): an active link past its {@code expiresAt} reads {@code expired}
 * ({@link ExpiryDisplay}), in a list's status filter too.
 */
@Component
public final class PaymentLinkReadModel {

    private final ResourceTable table;
    private final EffectiveClock clock;

    public PaymentLinkReadModel(DatabaseClient db, ProjectedResources projected, EffectiveClock clock) {
        this.table = new ResourceTable(db, projected, "payment_links", IdPrefix.PAYMENT_LINK);
        this.clock = clock;
    }

    public Mono<JsonNode> find(Caller caller, String id) {
        return now(caller).flatMap(now -> table.find(caller, id).map(link -> ExpiryDisplay.paymentLink(link, now)));
    }

    /** Any merchant's link by id: for checkout, which has no API key to scope by. */
    public Mono<OwnedResource> findForCheckout(String id) {
        return table.findOwned(id)
                .flatMap(owned -> clock.now(owned.merchantId(), owned.mode())
                        .map(now -> new OwnedResource(
                                owned.merchantId(), owned.mode(), ExpiryDisplay.paymentLink(owned.body(), now))));
    }

    /** A page of links, optionally of one status as shown ({@code active}, {@code disabled}, {@code expired}). */
    public Mono<Page<JsonNode>> list(Caller caller, @Nullable String status, PageRequest page) {
        return now(caller).flatMap(now -> list(caller, status, page, now));
    }

    private Mono<Page<JsonNode>> list(Caller caller, @Nullable String status, PageRequest page, Instant now) {
        var conditions = switch (status == null ? "" : status) {
            case "" -> List.<Condition>of();
            case "active" ->
                List.of(new Condition(
                        "status = 'active' AND (expires_at IS NULL OR expires_at > :now)", Map.of("now", now)));
            case "expired" ->
                List.of(new Condition(
                        "(status = 'expired' OR (status = 'active' AND expires_at <= :now))", Map.of("now", now)));
            default -> List.of(new Condition("status = :status", Map.of("status", status)));
        };
        return table.list(caller, conditions, page)
                .map(found -> found.map(link -> ExpiryDisplay.paymentLink(link, now)));
    }

    /** The effective now of the caller's merchant and mode (its test clock in test mode). */
    Mono<Instant> now(Caller caller) {
        return clock.now(caller.merchantId(), caller.mode());
    }
}
