package io.abk.billing.gateway.controlplane.merchant;

import io.abk.billing.gateway.platform.db.Columns;
import io.r2dbc.spi.Readable;
import java.time.Instant;
import org.jspecify.annotations.Nullable;

/**
 * A merchant row of the control plane; {@code requireTotp}: every team member signs in with a second factor;
 * {@code invoicePrefix}: the prefix of its invoice numbers, null for the default one ({@code InvoiceNumbers}).
 */
public record Merchant(
        String id,
        String name,
        @Nullable String displayName,
        @Nullable String payoutAddressEvm,
        MerchantBrand brand,
        Instant createdAt,
        Instant updatedAt,
        boolean requireTotp,
        @Nullable String invoicePrefix) {

    static final String COLUMNS = "id, name, display_name, payout_address_evm, created_at, updated_at";
    /** The branding's columns, read with {@link #COLUMNS} and written only by a change of the branding or the logo. */
    /** Whether the team must sign in with a second factor: read with {@link #COLUMNS}, false for a new merchant. */
    static final String TOTP_COLUMN = "require_totp";

    /** The prefix the merchant chose for its invoice numbers (null: the default one), read with {@link #COLUMNS}. */
    static final String INVOICE_PREFIX_COLUMN = "invoice_prefix";

    static final String BRAND_COLUMNS = "brand_name, accent_color, logo_content_type, logo_sha256";

    static Merchant from(Readable row) {
        return new Merchant(
                Columns.required(row, "id", String.class),
                Columns.required(row, "name", String.class),
                row.get("display_name", String.class),
                row.get("payout_address_evm", String.class),
                new MerchantBrand(
                        row.get("brand_name", String.class),
                        row.get("accent_color", String.class),
                        row.get("logo_content_type", String.class),
                        row.get("logo_sha256", String.class)),
                Columns.required(row, "created_at", Instant.class),
                Columns.required(row, "updated_at", Instant.class),
                Columns.required(row, "require_totp", Boolean.class),
                row.get("invoice_prefix", String.class));
    }

    public MerchantProfile profile() {
        return new MerchantProfile(id, name, displayName, payoutAddressEvm, brand);
    }
}
