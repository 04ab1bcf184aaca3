package io.abk.billing.gateway.controlplane.merchant;

import io.abk.billing.gateway.platform.db.Columns;
import io.r2dbc.spi.Readable;
import java.time.Instant;
import org.jspecify.annotations.Nullable;

/** A merchant row of the control plane; {@code requireTotp}: every team member signs in with a second factor. */
public record Merchant(
        String id,
        String name,
        @Nullable String displayName,
        @Nullable String payoutAddressEvm,
        Instant createdAt,
        Instant updatedAt,
        boolean requireTotp) {

    static final String COLUMNS = "id, name, display_name, payout_address_evm, created_at, updated_at, require_totp";

    static Merchant from(Readable row) {
        return new Merchant(
                Columns.required(row, "id", String.class),
                Columns.required(row, "name", String.class),
                row.get("display_name", String.class),
                row.get("payout_address_evm", String.class),
                Columns.required(row, "created_at", Instant.class),
                Columns.required(row, "updated_at", Instant.class),
                Columns.required(row, "require_totp", Boolean.class));
    }

    public MerchantProfile profile() {
        return new MerchantProfile(id, name, displayName, payoutAddressEvm);
    }
}
