package io.abk.billing.gateway.api.event;

import static io.abk.billing.gateway.controlplane.auth.ApiKeyFormat.modeText;

import io.abk.billing.gateway.platform.web.Page;
import io.abk.billing.gateway.platform.web.PageRequest;
import io.abk.billing.schemas.avro.Mode;
import java.time.Instant;
import java.util.List;
import org.springframework.r2dbc.core.DatabaseClient;
import org.springframework.stereotype.Component;
import reactor.core.publisher.Mono;

/**
 * Reads {@code events}, which the webhook sender writes. Every statement is scoped by merchant and mode and skips
 * events created before {@code since} (the retention window), so another tenant's, mode's or an expired event is
 * simply not found.
 */
@Component
public class EventRepository {

    private static final String SCOPE = " merchant_id = :merchantId AND mode = :mode AND created_at >= :since";

    private final DatabaseClient db;

    public EventRepository(DatabaseClient db) {
        this.db = db;
    }

    public Mono<StoredEvent> find(String merchantId, Mode mode, String id, Instant since) {
        return db.sql("SELECT " + StoredEvent.COLUMNS + " FROM events WHERE id = :id AND" + SCOPE)
                .bind("id", id)
                .bind("merchantId", merchantId)
                .bind("mode", modeText(mode))
                .bind("since", since)
                .map(StoredEvent::from)
                .one();
    }

    /**
     * The ids of the objects in an event's {@code data} (its subscription, invoice, payment and the payment's link): what
     * {@code subjectId} is looked up in, with the GIN index of migration V21 on this same expression.
     */
    static final String SUBJECTS = "array_remove(ARRAY[payload -> 'data' -> 'subscription' ->> 'id',"
            + " payload -> 'data' -> 'invoice' ->> 'id', payload -> 'data' -> 'payment' ->> 'id',"
            + " payload -> 'data' -> 'payment' ->> 'paymentLinkId'], NULL)";

    /**
     * Events newest first, by creation time then id (one command's events share a millisecond), of the filter's type
     * and subject. The page after {@code startingAfter} continues below that event's position, so the cursor must be
     * an event of the same merchant and mode: empty when it is not (or when it has expired meanwhile), which the
     * caller reports.
     */
    public Mono<Page<StoredEvent>> list(
            String merchantId, Mode mode, Instant since, EventFilter filter, PageRequest page) {
        var after = page.startingAfter();
        var type = filter.type();
        var subjectId = filter.subjectId();
        var sql = "SELECT " + StoredEvent.COLUMNS + " FROM events WHERE" + SCOPE
                + (type == null ? "" : " AND type = :type")
                + (subjectId == null ? "" : " AND " + SUBJECTS + " @> ARRAY[CAST(:subjectId AS text)]")
                + (after == null
                        ? ""
                        : " AND (created_at, id) < (SELECT created_at, id FROM events WHERE id = :after"
                                + " AND merchant_id = :merchantId AND mode = :mode)")
                + " ORDER BY created_at DESC, id DESC LIMIT :limit";
        var spec = db.sql(sql)
                .bind("merchantId", merchantId)
                .bind("mode", modeText(mode))
                .bind("since", since)
                .bind("limit", page.limit() + 1);
        if (type != null) {
            spec = spec.bind("type", type);
        }
        if (subjectId != null) {
            spec = spec.bind("subjectId", subjectId);
        }
        if (after != null) {
            spec = spec.bind("after", after);
        }
        return spec.map(StoredEvent::from).all().collectList().map(rows -> Page.fromRowsPlusOne(rows, page.limit()));
    }

    /**
     * The newest {@code limit} events of one aggregate ({@code aggregateId}: a subscription's are its own and its
     * invoices'), newest first as the list; the index of migration V17 reads only them.
     */
    public Mono<List<StoredEvent>> ofAggregate(
            String merchantId, Mode mode, String aggregateId, Instant since, int limit) {
        return db.sql("SELECT " + StoredEvent.COLUMNS + " FROM events WHERE" + SCOPE
                        + " AND aggregate_id = :aggregateId ORDER BY created_at DESC, id DESC LIMIT :limit")
                .bind("merchantId", merchantId)
                .bind("mode", modeText(mode))
                .bind("since", since)
                .bind("aggregateId", aggregateId)
                .bind("limit", limit)
                .map(StoredEvent::from)
                .all()
                .collectList();
    }

    /** True when {@code id} is an event of this merchant and mode still stored (the list's cursor check). */
    public Mono<Boolean> exists(String merchantId, Mode mode, String id) {
        return db.sql("SELECT 1 FROM events WHERE id = :id AND merchant_id = :merchantId AND mode = :mode")
                .bind("id", id)
                .bind("merchantId", merchantId)
                .bind("mode", modeText(mode))
                .map(row -> true)
                .one()
                .defaultIfEmpty(false);
    }
}
