package io.abk.billing.gateway.controlplane.merchant;

import io.abk.billing.gateway.platform.db.Columns;
import io.abk.billing.gateway.platform.db.SqlValues;
import java.nio.ByteBuffer;
import java.time.Instant;
import org.jspecify.annotations.Nullable;
import org.springframework.r2dbc.core.DatabaseClient;
import org.springframework.stereotype.Component;
import reactor.core.publisher.Mono;

/** SQL for the {@code merchants} table; transactions are the caller's. */
@Component
public class MerchantRepository {

    private static final String RETURNED = Merchant.COLUMNS + ", " + Merchant.TOTP_COLUMN + ", "
            + Merchant.INVOICE_PREFIX_COLUMN + ", " + Merchant.BRAND_COLUMNS;

    private final DatabaseClient db;

    public MerchantRepository(DatabaseClient db) {
        this.db = db;
    }

    public Mono<Merchant> find(String id) {
        return find(id, "");
    }

    /** Locks the row for a read-modify-write inside the caller's transaction. */
    public Mono<Merchant> findForUpdate(String id) {
        return find(id, " FOR UPDATE");
    }

    private Mono<Merchant> find(String id, String lock) {
        return db.sql("SELECT " + RETURNED + " FROM merchants WHERE id = :id" + lock)
                .bind("id", id)
                .map(Merchant::from)
                .one();
    }

    public Mono<Merchant> findByBootstrapTag(String tag) {
        return db.sql("SELECT " + RETURNED + " FROM merchants WHERE bootstrap_tag = :tag FOR UPDATE")
                .bind("tag", tag)
                .map(Merchant::from)
                .one();
    }

    public Mono<Merchant> insert(Merchant m) {
        return db.sql("INSERT INTO merchants (" + Merchant.COLUMNS
                        + ") VALUES (:id, :name, :displayName, :payout, :at, :at)" + " RETURNING " + RETURNED)
                .bind("id", m.id())
                .bind("name", m.name())
                .bind("displayName", SqlValues.nullable(m.displayName(), String.class))
                .bind("payout", SqlValues.nullable(m.payoutAddressEvm(), String.class))
                .bind("at", m.createdAt())
                .map(Merchant::from)
                .one();
    }

    /**
     * Inserts a merchant marked with {@code tag} unless one with that tag exists (another replica may be
     * starting at the same time); empty when it existed.
     */
    public Mono<Merchant> insertTaggedIfAbsent(Merchant m, String tag) {
        return db.sql("INSERT INTO merchants (" + Merchant.COLUMNS + ", bootstrap_tag)"
                        + " VALUES (:id, :name, NULL, :payout, :at, :at, :tag)"
                        + " ON CONFLICT (bootstrap_tag) DO NOTHING RETURNING " + RETURNED)
                .bind("id", m.id())
                .bind("name", m.name())
                .bind("payout", SqlValues.nullable(m.payoutAddressEvm(), String.class))
                .bind("at", m.createdAt())
                .bind("tag", tag)
                .map(Merchant::from)
                .one();
    }

    /** Writes the names, the payout address and the brand's name and accent of {@code next} (not its logo). */
    public Mono<Merchant> update(Merchant next, Instant at) {
        return db.sql("UPDATE merchants SET name = :name, display_name = :displayName, payout_address_evm = :payout,"
                        + " brand_name = :brandName, accent_color = :accent, require_totp = :requireTotp,"
                        + " invoice_prefix = :invoicePrefix, updated_at = :at WHERE id = :id"
                        + " RETURNING " + RETURNED)
                .bind("id", next.id())
                .bind("name", next.name())
                .bind("displayName", SqlValues.nullable(next.displayName(), String.class))
                .bind("payout", SqlValues.nullable(next.payoutAddressEvm(), String.class))
                .bind("brandName", SqlValues.nullable(next.brand().brandName(), String.class))
                .bind("accent", SqlValues.nullable(next.brand().accentColor(), String.class))
                .bind("requireTotp", next.requireTotp())
                .bind("invoicePrefix", SqlValues.nullable(next.invoicePrefix(), String.class))
                .bind("at", at)
                .map(Merchant::from)
                .one();
    }

    /** Makes {@code logo} the merchant's (its bytes and the merchant's logo columns); the transaction is the caller's. */
    public Mono<Merchant> putLogo(String merchantId, MerchantLogo logo, Instant at) {
        return db.sql("INSERT INTO merchant_logos (merchant_id, content_type, sha256, bytes, updated_at)"
                        + " VALUES (:id, :type, :sha256, :bytes, :at) ON CONFLICT (merchant_id) DO UPDATE SET"
                        + " content_type = :type, sha256 = :sha256, bytes = :bytes, updated_at = :at")
                .bind("id", merchantId)
                .bind("type", logo.contentType())
                .bind("sha256", logo.sha256())
                .bind("bytes", ByteBuffer.wrap(logo.bytes()))
                .bind("at", at)
                .then()
                .then(setLogo(merchantId, logo.contentType(), logo.sha256(), at));
    }

    /** Forgets the merchant's logo; the transaction is the caller's. */
    public Mono<Merchant> deleteLogo(String merchantId, Instant at) {
        return db.sql("DELETE FROM merchant_logos WHERE merchant_id = :id")
                .bind("id", merchantId)
                .then()
                .then(setLogo(merchantId, null, null, at));
    }

    /** The merchant's logo; empty when it has none. */
    public Mono<MerchantLogo> findLogo(String merchantId) {
        return db.sql("SELECT content_type, sha256, bytes FROM merchant_logos WHERE merchant_id = :id")
                .bind("id", merchantId)
                .map(row -> new MerchantLogo(
                        Columns.required(row, "content_type", String.class),
                        bytes(Columns.required(row, "bytes", ByteBuffer.class)),
                        Columns.required(row, "sha256", String.class)))
                .one();
    }

    private Mono<Merchant> setLogo(String merchantId, @Nullable String type, @Nullable String sha256, Instant at) {
        return db.sql("UPDATE merchants SET logo_content_type = :type, logo_sha256 = :sha256, updated_at = :at"
                        + " WHERE id = :id RETURNING " + RETURNED)
                .bind("id", merchantId)
                .bind("type", SqlValues.nullable(type, String.class))
                .bind("sha256", SqlValues.nullable(sha256, String.class))
                .bind("at", at)
                .map(Merchant::from)
                .one();
    }

    private static byte[] bytes(ByteBuffer buffer) {
        var bytes = new byte[buffer.remaining()];
        buffer.get(bytes);
        return bytes;
    }
}
