package io.abk.billing.gateway.controlplane.user;

import io.abk.billing.gateway.platform.db.Columns;
import io.r2dbc.spi.Readable;
import java.time.Instant;
import org.jspecify.annotations.Nullable;

/**
 * A {@code merchant_users} row: a person on a merchant's team, with their password's hash (never the password), their
 * failed sign-ins in a row and the lockout those led to, and their second factor: the authenticator's secret as sealed
 * (never plain), when it was confirmed (null while an enrolment waits for its first code) and the time step of the last
 * code accepted.
 */
public record MerchantUser(
        String id,
        String merchantId,
        String email,
        UserRole role,
        String passwordHash,
        Instant createdAt,
        Instant updatedAt,
        int failedSignIns,
        @Nullable Instant lockedUntil,
        @Nullable String totpSecretSealed,
        @Nullable Instant totpEnabledAt,
        @Nullable Long totpLastStep) {

    static final String COLUMNS = "id, merchant_id, email, role, password_hash, created_at, updated_at,"
            + " failed_sign_ins, locked_until, totp_secret, totp_enabled_at, totp_last_step";

    /** A new member: no failed sign-in, not locked, no second factor. */
    static MerchantUser added(
            String id, String merchantId, String email, UserRole role, String passwordHash, Instant now) {
        return new MerchantUser(id, merchantId, email, role, passwordHash, now, now, 0, null, null, null, null);
    }

    /** Whether sign-in asks for an authenticator's code after the password. */
    public boolean hasTotp() {
        return totpEnabledAt != null;
    }

    /** Whether sign-in is refused at {@code now} whatever the password. */
    public boolean isLockedAt(Instant now) {
        return lockedUntil != null && now.isBefore(lockedUntil);
    }

    static MerchantUser from(Readable row) {
        return new MerchantUser(
                Columns.required(row, "id", String.class),
                Columns.required(row, "merchant_id", String.class),
                Columns.required(row, "email", String.class),
                UserRole.ofColumn(Columns.required(row, "role", String.class)),
                Columns.required(row, "password_hash", String.class),
                Columns.required(row, "created_at", Instant.class),
                Columns.required(row, "updated_at", Instant.class),
                Columns.required(row, "failed_sign_ins", Integer.class),
                row.get("locked_until", Instant.class),
                row.get("totp_secret", String.class),
                row.get("totp_enabled_at", Instant.class),
                row.get("totp_last_step", Long.class));
    }
}
