package io.abk.billing.gateway.api.webhook;

import static io.abk.billing.gateway.controlplane.auth.ApiKeyFormat.modeText;

import io.abk.billing.gateway.platform.db.NewestFirst;
import io.abk.billing.gateway.platform.db.SqlValues;
import io.abk.billing.gateway.platform.web.Page;
import io.abk.billing.gateway.platform.web.PageRequest;
import io.abk.billing.schemas.avro.Mode;
import java.time.Instant;
import org.springframework.r2dbc.core.DatabaseClient;
import org.springframework.stereotype.Component;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

/**
 * SQL for {@code webhook_endpoints}, read with the sender's delivery health ({@link WebhookEndpoint#SELECT}). Every
 * statement is scoped by merchant and mode and skips deleted rows, so another tenant's, mode's or a deleted endpoint
 * is simply not found. Transactions are the caller's.
 */
@Component
public class WebhookEndpointRepository {

    private static final String SCOPE = " e.merchant_id = :merchantId AND e.mode = :mode AND e.deleted_at IS NULL";
    private static final String FROM = " FROM webhook_endpoints e" + WebhookEndpoint.HEALTH;

    private final DatabaseClient db;

    public WebhookEndpointRepository(DatabaseClient db) {
        this.db = db;
    }

    /** Inserts the endpoint; empty when one with its id exists already (the request ran before). */
    public Mono<WebhookEndpoint> insert(WebhookEndpoint e) {
        var sql = "INSERT INTO webhook_endpoints (" + WebhookEndpoint.COLUMNS
                + ") VALUES (:id, :merchantId, :mode, :url,"
                + " :events, :description, false, NULL, :secret, NULL, NULL, :at, :at) ON CONFLICT (id) DO NOTHING"
                + " RETURNING " + WebhookEndpoint.COLUMNS;
        return withSettings(sql, e)
                .bind("secret", e.storedSecret())
                .bind("at", e.createdAt())
                .map(WebhookEndpoint::from)
                .one();
    }

    public Mono<WebhookEndpoint> find(String merchantId, Mode mode, String id, boolean forUpdate) {
        return db.sql("SELECT " + WebhookEndpoint.SELECT + FROM + " WHERE e.id = :id AND" + SCOPE
                        + (forUpdate ? " FOR UPDATE OF e" : ""))
                .bind("id", id)
                .bind("merchantId", merchantId)
                .bind("mode", modeText(mode))
                .map(WebhookEndpoint::from)
                .one();
    }

    /** Endpoints not deleted, newest first. */
    public Mono<Page<WebhookEndpoint>> list(String merchantId, Mode mode, PageRequest page) {
        // The health table has no id column: the page's bare "id" is the endpoint's.
        return NewestFirst.page(
                db,
                "SELECT " + WebhookEndpoint.SELECT + FROM + " WHERE" + SCOPE,
                spec -> spec.bind("merchantId", merchantId).bind("mode", modeText(mode)),
                page,
                WebhookEndpoint::from);
    }

    /**
     * The enabled endpoints an event of {@code type} goes to: those listing it, and those with no list (all events).
     * The sender's fan-out selects the same way.
     */
    public Flux<WebhookEndpoint> subscribedTo(String merchantId, Mode mode, String type) {
        return db.sql("SELECT " + WebhookEndpoint.SELECT + FROM + " WHERE" + SCOPE
                        + " AND NOT (e.disabled OR h.disabled_reason IS NOT NULL)"
                        + " AND (cardinality(e.enabled_events) = 0 OR :type = ANY (e.enabled_events)) ORDER BY e.id")
                .bind("merchantId", merchantId)
                .bind("mode", modeText(mode))
                .bind("type", type)
                .map(WebhookEndpoint::from)
                .all();
    }

    /**
     * Writes every changeable field of {@code e} (settings and secrets). Re-enabling a disabled endpoint (by the
     * merchant or by the sender's health) also ends the sender's failure clock, by a new {@code health_generation}:
     * otherwise an endpoint disabled for failing 5 days would be disabled again by its first failure. On the right of
     * SET, the columns are the row's values before the update.
     */
    public Mono<WebhookEndpoint> update(WebhookEndpoint e, Instant at) {
        var sql = "WITH updated AS (UPDATE webhook_endpoints AS e SET url = :url, enabled_events = :events,"
                + " description = :description, health_generation = e.health_generation + CASE WHEN NOT :disabled"
                + " AND (e.disabled OR EXISTS (SELECT 1 FROM webhook_endpoint_health h WHERE h.endpoint_id = e.id"
                + " AND h.generation = e.health_generation AND h.disabled_reason IS NOT NULL)) THEN 1 ELSE 0 END,"
                + " disabled = :disabled, disabled_reason = :reason, secret = :secret, previous_secret = :previous,"
                + " previous_secret_expires_at = :previousUntil, updated_at = :at WHERE e.id = :id AND" + SCOPE
                + " RETURNING e.*) SELECT " + WebhookEndpoint.SELECT + " FROM updated e"
                + WebhookEndpoint.HEALTH;
        return withSettings(sql, e)
                .bind("disabled", e.disabled())
                .bind("reason", SqlValues.nullable(e.disabledReason(), String.class))
                .bind("secret", e.storedSecret())
                .bind("previous", SqlValues.nullable(e.storedPreviousSecret(), String.class))
                .bind("previousUntil", SqlValues.nullable(e.previousSecretExpiresAt(), Instant.class))
                .bind("at", at)
                .map(WebhookEndpoint::from)
                .one();
    }

    /** Marks the endpoint deleted and drops its previous secret; true when it existed. */
    public Mono<Boolean> delete(String merchantId, Mode mode, String id, Instant at) {
        return db.sql("UPDATE webhook_endpoints AS e SET deleted_at = :at, updated_at = :at, previous_secret = NULL,"
                        + " previous_secret_expires_at = NULL WHERE e.id = :id AND" + SCOPE)
                .bind("id", id)
                .bind("merchantId", merchantId)
                .bind("mode", modeText(mode))
                .bind("at", at)
                .fetch()
                .rowsUpdated()
                .map(count -> count > 0);
    }

    /** {@code sql} with the endpoint's id, owner and the settings every write stores: URL, events, description. */
    private DatabaseClient.GenericExecuteSpec withSettings(String sql, WebhookEndpoint e) {
        return db.sql(sql)
                .bind("id", e.id())
                .bind("merchantId", e.merchantId())
                .bind("mode", modeText(e.mode()))
                .bind("url", e.url())
                .bind("events", e.enabledEvents().toArray(String[]::new))
                .bind("description", SqlValues.nullable(e.description(), String.class));
    }
}
