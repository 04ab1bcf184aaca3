package io.abk.billing.gateway.readmodel;

import io.abk.billing.gateway.controlplane.clock.EffectiveClock;
import io.abk.billing.gateway.platform.web.Caller;
import io.abk.billing.gateway.platform.web.Page;
import io.abk.billing.gateway.platform.web.PageRequest;
import io.abk.billing.gateway.readmodel.ResourceTable.Condition;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.jspecify.annotations.Nullable;
import reactor.core.publisher.Mono;
import tools.jackson.databind.JsonNode;

/**
 * The reads of a resource that expires by time (payments, payment links), always within the caller's merchant and
 * mode (checkout alone finds one by its id), each shown as at the merchant's effective now (its test clock in test
 * mode): a live one past its {@code expiresAt} reads {@code expired} ({@link ExpiryDisplay}), in a list's status
 * filter too.
 */
public abstract class ExpiringReadModel {

    private final ResourceTable table;
    private final EffectiveClock clock;
    private final String liveStatus;
    private final String notExpired;

    /**
     * @param liveStatus the stored status that expires ({@code open}, {@code active})
     * @param notExpired the SQL condition of a live row not yet expired at {@code :now}
     */
    ExpiringReadModel(ResourceTable table, EffectiveClock clock, String liveStatus, String notExpired) {
        this.table = table;
        this.clock = clock;
        this.liveStatus = liveStatus;
        this.notExpired = notExpired;
    }

    public Mono<JsonNode> find(Caller caller, String id) {
        return now(caller).flatMap(now -> table.find(caller, id).map(found -> display(found, now)));
    }

    /** Any merchant's resource by id: for checkout, which has no API key to scope by. */
    public Mono<OwnedResource> findForCheckout(String id) {
        return table.findOwned(id)
                .flatMap(owned -> clock.now(owned.merchantId(), owned.mode())
                        .map(now -> new OwnedResource(owned.merchantId(), owned.mode(), display(owned.body(), now))));
    }

    /** A page, optionally of one status as shown (the live one, {@code expired}, or any other stored one). */
    public Mono<Page<JsonNode>> list(Caller caller, @Nullable String status, PageRequest page) {
        return now(caller).flatMap(now -> list(caller, status, page, now));
    }

    /** {@code resource} (a snapshot of a command's outcome) as shown at the caller's effective now. */
    Mono<JsonNode> shown(Caller caller, JsonNode resource) {
        return now(caller).map(now -> display(resource, now));
    }

    private Mono<Page<JsonNode>> list(Caller caller, @Nullable String status, PageRequest page, Instant now) {
        var live = "status = '" + liveStatus + "'";
        List<Condition> conditions;
        if (status == null || status.isEmpty()) {
            conditions = List.of();
        } else if (status.equals(liveStatus)) {
            conditions = List.of(new Condition(live + " AND " + notExpired, Map.of("now", now)));
        } else if (status.equals("expired")) {
            conditions = List.of(
                    new Condition("(status = 'expired' OR (" + live + " AND expires_at <= :now))", Map.of("now", now)));
        } else {
            conditions = List.of(new Condition("status = :status", Map.of("status", status)));
        }
        return table.list(caller, conditions, page).map(found -> found.map(resource -> display(resource, now)));
    }

    private JsonNode display(JsonNode resource, Instant now) {
        return ExpiryDisplay.showExpired(resource, liveStatus, now);
    }

    /** The effective now of the caller's merchant and mode (its test clock in test mode). */
    private Mono<Instant> now(Caller caller) {
        return clock.now(caller.merchantId(), caller.mode());
    }
}
