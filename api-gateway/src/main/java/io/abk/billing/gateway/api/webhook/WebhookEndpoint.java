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

    static final String COLUMNS = "id, merchant_id, mode, url, enabled_events, description, disabled, disabled_reason,"
            + " secret, previous_secret, previous_secret_expires_at, created_at, updated_at";

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
