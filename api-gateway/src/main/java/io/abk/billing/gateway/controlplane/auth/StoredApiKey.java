package io.abk.billing.gateway.controlplane.auth;

import io.abk.billing.gateway.platform.db.Columns;
import io.abk.billing.schemas.avro.Mode;
import io.r2dbc.spi.Readable;
import java.nio.ByteBuffer;
import java.time.Instant;
import org.jspecify.annotations.Nullable;

/**
 * An {@code api_keys} row: everything about a key except the key itself, which is never stored. {@code lastUsedAt} is
 * when it last authenticated a request, to the minute ({@link ApiKeyUsage}).
 */
public record StoredApiKey(
        String id,
        String merchantId,
        Mode mode,
        byte[] keyHash,
        String hint,
        Instant createdAt,
        @Nullable Instant expiresAt,
        @Nullable Instant revokedAt,
        @Nullable String rotatedFromId,
        @Nullable Instant lastUsedAt) {

    /** The columns a new key is inserted with; {@code last_used_at} starts null. */
    static final String INSERTED =
            "id, merchant_id, mode, key_hash, hint, created_at, expires_at, revoked_at, rotated_from_id";

    static final String COLUMNS = INSERTED + ", last_used_at";

    static StoredApiKey from(Readable row) {
        var hash = Columns.required(row, "key_hash", ByteBuffer.class);
        var bytes = new byte[hash.remaining()];
        hash.get(bytes);
        return new StoredApiKey(
                Columns.required(row, "id", String.class),
                Columns.required(row, "merchant_id", String.class),
                ApiKeyFormat.parseMode(Columns.required(row, "mode", String.class)),
                bytes,
                Columns.required(row, "hint", String.class),
                Columns.required(row, "created_at", Instant.class),
                row.get("expires_at", Instant.class),
                row.get("revoked_at", Instant.class),
                row.get("rotated_from_id", String.class),
                row.get("last_used_at", Instant.class));
    }

    /** {@code active}, {@code expiring} (rotated, still in its grace period), {@code expired} or {@code revoked}. */
    public String status(Instant now) {
        if (revokedAt != null) {
            return "revoked";
        }
        if (expiresAt == null) {
            return "active";
        }
        return now.isBefore(expiresAt) ? "expiring" : "expired";
    }

    /** True while requests with this key are served: not revoked and not past its expiry. */
    public boolean isUsableAt(Instant now) {
        return revokedAt == null && (expiresAt == null || now.isBefore(expiresAt));
    }
}
