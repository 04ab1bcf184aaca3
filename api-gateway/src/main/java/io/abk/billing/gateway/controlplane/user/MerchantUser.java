package io.abk.billing.gateway.controlplane.user;

import io.abk.billing.gateway.platform.db.Columns;
import io.r2dbc.spi.Readable;
import java.time.Instant;

/** A {@code merchant_users} row: a person on a merchant's team, with their password's hash (never the password). */
public record MerchantUser(
        String id,
        String merchantId,
        String email,
        UserRole role,
        String passwordHash,
        Instant createdAt,
        Instant updatedAt) {

    static final String COLUMNS = "id, merchant_id, email, role, password_hash, created_at, updated_at";

    static MerchantUser from(Readable row) {
        var role = Columns.required(row, "role", String.class);
        return new MerchantUser(
                Columns.required(row, "id", String.class),
                Columns.required(row, "merchant_id", String.class),
                Columns.required(row, "email", String.class),
                UserRole.fromWireName(role)
                        .orElseThrow(() -> new IllegalStateException("merchant_users.role holds '" + role + "'")),
                Columns.required(row, "password_hash", String.class),
                Columns.required(row, "created_at", Instant.class),
                Columns.required(row, "updated_at", Instant.class));
    }
}
