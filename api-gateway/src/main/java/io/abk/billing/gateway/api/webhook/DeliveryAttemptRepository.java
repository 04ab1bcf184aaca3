package io.abk.billing.gateway.api.webhook;

import io.abk.billing.gateway.platform.db.NewestFirst;
import io.abk.billing.gateway.platform.web.Page;
import io.abk.billing.gateway.platform.web.PageRequest;
import java.util.List;
import org.springframework.r2dbc.core.DatabaseClient;
import org.springframework.stereotype.Component;
import reactor.core.publisher.Mono;

/**
 * Reads {@code webhook_delivery_attempts}, which the webhook sender writes. The caller checks first that the
 * endpoint is the caller's (merchant, mode, not deleted); rows are then read by endpoint id alone.
 */
@Component
public class DeliveryAttemptRepository {

    private final DatabaseClient db;

    public DeliveryAttemptRepository(DatabaseClient db) {
        this.db = db;
    }

    /**
     * Every attempt of delivering these events of the merchant's mode, newest first: the webhooks of a subscription's
     * timeline (a bounded list of events; the index on {@code event_id} reads only their rows).
     */
    public Mono<List<DeliveryAttempt>> ofEvents(String merchantId, String mode, List<String> eventIds) {
        if (eventIds.isEmpty()) {
            return Mono.just(List.of());
        }
        return db.sql("SELECT " + DeliveryAttempt.COLUMNS + " FROM webhook_delivery_attempts"
                        + " WHERE event_id = ANY(:eventIds) AND merchant_id = :merchantId AND mode = :mode"
                        + " ORDER BY id DESC")
                .bind("eventIds", eventIds.toArray(String[]::new))
                .bind("merchantId", merchantId)
                .bind("mode", mode)
                .map(DeliveryAttempt::from)
                .all()
                .collectList();
    }

    /** The attempt with row id {@code rowId} if it is one of the endpoint's. */
    public Mono<DeliveryAttempt> find(String endpointId, long rowId) {
        return db.sql("SELECT " + DeliveryAttempt.COLUMNS
                        + " FROM webhook_delivery_attempts WHERE id = :id AND endpoint_id = :endpointId")
                .bind("id", rowId)
                .bind("endpointId", endpointId)
                .map(DeliveryAttempt::from)
                .one();
    }

    /** The endpoint's attempts, newest first (the bigserial id is the order of insertion). */
    public Mono<Page<DeliveryAttempt>> list(String endpointId, PageRequest page) {
        var after = page.startingAfter();
        return NewestFirst.page(
                db,
                "SELECT " + DeliveryAttempt.COLUMNS + " FROM webhook_delivery_attempts WHERE endpoint_id = :endpointId",
                spec -> spec.bind("endpointId", endpointId),
                page,
                after == null ? null : DeliveryAttempt.rowIdOf(after),
                DeliveryAttempt::from);
    }
}
