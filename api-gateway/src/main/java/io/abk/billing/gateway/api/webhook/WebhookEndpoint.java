package io.abk.billing.gateway.api.webhook;

import io.abk.billing.gateway.controlplane.auth.ApiKeyFormat;
import io.abk.billing.gateway.platform.db.Columns;
import io.abk.billing.schemas.avro.Mode;
import io.r2dbc.spi.Readable;
import java.time.Instant;
import java.util.List;
import org.jspecify.annotations.Nullable;

/**
 * A webhook endpoint row. {@code enabledEvents} empty means all events. The secrets are as stored: sealed for this
 * endpoint ({@link io.abk.billing.webhookverify.sealing.SecretSealer}), or a plain {@code whsec_} in a row written
 * before secrets were sealed that the gateway's start has not re-sealed yet. They never leave through
 * {@link WebhookJson}; the create and rotate responses show the secret they made.
 */
public record WebhookEndpoint(
        String id,
        String merchantId,
        Mode mode,
        String url,
        List<String> enabledEvents,
        @Nullable String description,
        boolean disabled,
        @Nullable String disabledReason,
        String storedSecret,
        @Nullable String storedPreviousSecret,
        @Nullable Instant previousSecretExpiresAt,
        Instant createdAt,
        Instant updatedAt) {

    /** The gateway's own columns, as written. */
    static final String COLUMNS = "id, merchant_id, mode, url, enabled_events, description, disabled, disabled_reason,"
            + " secret, previous_secret, previous_secret_expires_at, created_at, updated_at";

    /**
     * The endpoint as the API shows it, from {@code webhook_endpoints e} joined with the sender's {@link #HEALTH}:
     * disabled when the merchant's switch or the sender's health says so (the merchant's reason first), updated at
     * the later of the gateway's change and the sender's disabling. The sender's view {@code delivery_endpoints}
     * reads the same way (docs/architecture.md, "Tables and their writers").
     */
    static final String SELECT = "e.id, e.merchant_id, e.mode, e.url, e.enabled_events, e.description,"
            + " e.disabled OR h.disabled_reason IS NOT NULL AS disabled,"
            + " CASE WHEN e.disabled THEN e.disabled_reason ELSE h.disabled_reason END AS disabled_reason,"
            + " e.secret, e.previous_secret, e.previous_secret_expires_at, e.created_at,"
            + " GREATEST(e.updated_at, h.disabled_at) AS updated_at";

    /** The sender's health of the endpoint's current generation; older rows predate the merchant's last re-enable. */
    static final String HEALTH =
            " LEFT JOIN webhook_endpoint_health h" + " ON h.endpoint_id = e.id AND h.generation = e.health_generation";

    public WebhookEndpoint {
        enabledEvents = List.copyOf(enabledEvents);
    }

    static WebhookEndpoint from(Readable row) {
        var events = row.get("enabled_events", String[].class);
        return new WebhookEndpoint(
                Columns.required(row, "id", String.class),
                Columns.required(row, "merchant_id", String.class),
                ApiKeyFormat.parseMode(Columns.required(row, "mode", String.class)),
                Columns.required(row, "url", String.class),
                events == null ? List.of() : List.of(events),
                row.get("description", String.class),
                Boolean.TRUE.equals(row.get("disabled", Boolean.class)),
                row.get("disabled_reason", String.class),
                Columns.required(row, "secret", String.class),
                row.get("previous_secret", String.class),
                row.get("previous_secret_expires_at", Instant.class),
                Columns.required(row, "created_at", Instant.class),
                Columns.required(row, "updated_at", Instant.class));
    }
}
