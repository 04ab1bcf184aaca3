package io.abk.billing.gateway.controlplane.user;

import io.abk.billing.gateway.platform.db.Columns;
import io.r2dbc.spi.Readable;
import java.time.Instant;
import org.jspecify.annotations.Nullable;

/**
 * A {@code merchant_invitations} row: an email invited to a merchant's team with a role, until it is accepted, revoked
 * or expires. Its link's token is kept as a hash only, and so is not part of this record.
 */
public record MerchantInvitation(
        String id,
        String merchantId,
        String email,
        UserRole role,
        String createdBy,
        Instant createdAt,
        Instant expiresAt,
        @Nullable Instant acceptedAt,
        @Nullable Instant revokedAt) {

    static final String COLUMNS =
            "id, merchant_id, email, role, created_by, created_at, expires_at, accepted_at, revoked_at";

    /** Whether its link still lets the invitee join at {@code now}: neither accepted, revoked nor expired. */
    public boolean isPendingAt(Instant now) {
        return acceptedAt == null && revokedAt == null && now.isBefore(expiresAt);
    }

    static MerchantInvitation from(Readable row) {
        return new MerchantInvitation(
                Columns.required(row, "id", String.class),
                Columns.required(row, "merchant_id", String.class),
                Columns.required(row, "email", String.class),
                UserRole.ofColumn(Columns.required(row, "role", String.class)),
                Columns.required(row, "created_by", String.class),
                Columns.required(row, "created_at", Instant.class),
                Columns.required(row, "expires_at", Instant.class),
                row.get("accepted_at", Instant.class),
                row.get("revoked_at", Instant.class));
    }
}
