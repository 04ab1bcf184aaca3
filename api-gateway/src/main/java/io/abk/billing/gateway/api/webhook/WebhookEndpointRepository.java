package io.abk.billing.gateway.api.webhook;

import static io.abk.billing.gateway.controlplane.auth.ApiKeyFormat.modeText;

import io.abk.billing.gateway.platform.db.ScopedTable;
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
 * SQL for {@code webhook_endpoints}. Every statement is scoped by merchant and mode and skips deleted rows, so
 * another tenant's, mode's or a deleted endpoint is simply not found. Transactions are the caller's.
 */
@Component
public class WebhookEndpointRepository {

    private static final String SCOPE = " merchant_id = :merchantId AND mode = :mode AND deleted_at IS NULL";

    private final DatabaseClient db;
    private final ScopedTable<WebhookEndpoint> endpoints;

    public WebhookEndpointRepository(DatabaseClient db) {
        this.db = db;
        this.endpoints =
                new ScopedTable<>(db, "webhook_endpoints", WebhookEndpoint.COLUMNS, SCOPE, WebhookEndpoint::from);
    }

    /** Inserts the endpoint; empty when one with its id exists already (the request ran before). */
    public Mono<WebhookEndpoint> insert(WebhookEndpoint e) {
        return db.sql("INSERT INTO webhook_endpoints (" + WebhookEndpoint.COLUMNS
                        + ") VALUES (:id, :merchantId, :mode, :url,"
                        + " :events, :description, false, NULL, :secret, NULL, NULL, :at, :at) ON CONFLICT (id) DO NOTHING"
                        + " RETURNING " + WebhookEndpoint.COLUMNS)
                .bind("id", e.id())
                .bind("merchantId", e.merchantId())
                .bind("mode", modeText(e.mode()))
                .bind("url", e.url())
                .bind("events", e.enabledEvents().toArray(String[]::new))
                .bind("description", SqlValues.nullable(e.description(), String.class))
                .bind("secret", e.storedSecret())
                .bind("at", e.createdAt())
                .map(WebhookEndpoint::from)
                .one();
    }

    public Mono<WebhookEndpoint> find(String merchantId, Mode mode, String id, boolean forUpdate) {
        return endpoints.find(merchantId, mode, id, forUpdate);
    }

    /** Endpoints not deleted, newest first. */
    public Mono<Page<WebhookEndpoint>> list(String merchantId, Mode mode, PageRequest page) {
        return endpoints.newestFirst(merchantId, mode, "", page);
    }

    /**
     * The enabled endpoints an event of {@code type} goes to: those listing it, and those with no list (all events).
     * The sender's fan-out selects the same way.
     */
    public Flux<WebhookEndpoint> subscribedTo(String merchantId, Mode mode, String type) {
        return endpoints
                .sql(
                        "SELECT " + WebhookEndpoint.COLUMNS + " FROM webhook_endpoints WHERE" + SCOPE
                                + " AND NOT disabled"
                                + " AND (cardinality(enabled_events) = 0 OR :type = ANY (enabled_events)) ORDER BY id",
                        merchantId,
                        mode)
                .bind("type", type)
                .map(WebhookEndpoint::from)
                .all();
    }

    /**
     * Writes every changeable field of {@code e} (settings and secrets). Re-enabling a disabled endpoint also clears
     * {@code failing_since} (the sender's failure clock): otherwise an endpoint disabled for failing 5 days would be
     * disabled again by its first failure. On the right of SET, {@code disabled} is the row's value before the update.
     */
    public Mono<WebhookEndpoint> update(WebhookEndpoint e, Instant at) {
        return endpoints
                .sql(
                        "UPDATE webhook_endpoints SET url = :url, enabled_events = :events, description = :description,"
                                + " failing_since = CASE WHEN disabled AND NOT :disabled THEN NULL ELSE failing_since END,"
                                + " disabled = :disabled, disabled_reason = :reason, secret = :secret,"
                                + " previous_secret = :previous, previous_secret_expires_at = :previousUntil,"
                                + " updated_at = :at WHERE id = :id AND" + SCOPE + " RETURNING "
                                + WebhookEndpoint.COLUMNS,
                        e.merchantId(),
                        e.mode())
                .bind("id", e.id())
                .bind("url", e.url())
                .bind("events", e.enabledEvents().toArray(String[]::new))
                .bind("description", SqlValues.nullable(e.description(), String.class))
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
        return endpoints
                .sql(
                        "UPDATE webhook_endpoints SET deleted_at = :at, updated_at = :at, previous_secret = NULL,"
                                + " previous_secret_expires_at = NULL WHERE id = :id AND" + SCOPE,
                        merchantId,
                        mode)
                .bind("id", id)
                .bind("at", at)
                .fetch()
                .rowsUpdated()
                .map(count -> count > 0);
    }
}
