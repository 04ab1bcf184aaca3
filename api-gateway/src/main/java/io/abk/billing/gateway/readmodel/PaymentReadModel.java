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
 * Reads one-time payments from the read model, always within the caller's merchant and mode (checkout alone finds
 * one by its id), each shown as at the merchant's effective now (its test clock in test mode): an open payment past its expiry reads {@code expired}
 * ({@link ExpiryDisplay}), in a list's status filter too.
 */
@Component
public final class PaymentReadModel {

    private final ResourceTable table;
    private final EffectiveClock clock;

    public PaymentReadModel(DatabaseClient db, ProjectedResources projected, EffectiveClock clock) {
        this.table = new ResourceTable(db, projected, "payments", IdPrefix.PAYMENT);
        this.clock = clock;
    }

    public Mono<JsonNode> find(Caller caller, String id) {
        return now(caller).flatMap(now -> table.find(caller, id).map(payment -> ExpiryDisplay.payment(payment, now)));
    }

    /** Any merchant's payment by id: for checkout, which has no API key to scope by. */
    public Mono<OwnedResource> findForCheckout(String id) {
        return table.findOwned(id)
                .flatMap(owned -> clock.now(owned.merchantId(), owned.mode())
                        .map(now -> new OwnedResource(
                                owned.merchantId(), owned.mode(), ExpiryDisplay.payment(owned.body(), now))));
    }

    /** A page of payments, optionally of one status as shown ({@code open}, {@code paid}, {@code canceled}, {@code expired}). */
    public Mono<Page<JsonNode>> list(Caller caller, @Nullable String status, PageRequest page) {
        return now(caller).flatMap(now -> list(caller, status, page, now));
    }

    private Mono<Page<JsonNode>> list(Caller caller, @Nullable String status, PageRequest page, Instant now) {
        var conditions = switch (status == null ? "" : status) {
            case "" -> List.<Condition>of();
            case "open" -> List.of(new Condition("status = 'open' AND expires_at > :now", Map.of("now", now)));
            case "expired" ->
                List.of(new Condition(
                        "(status = 'expired' OR (status = 'open' AND expires_at <= :now))", Map.of("now", now)));
            default -> List.of(new Condition("status = :status", Map.of("status", status)));
        };
        return table.list(caller, conditions, page)
                .map(found -> found.map(payment -> ExpiryDisplay.payment(payment, now)));
    }

    /** The effective now of the caller's merchant and mode (its test clock in test mode). */
    Mono<Instant> now(Caller caller) {
        return clock.now(caller.merchantId(), caller.mode());
    }
}
