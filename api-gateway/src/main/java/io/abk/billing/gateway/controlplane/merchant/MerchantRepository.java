package io.abk.billing.gateway.controlplane.merchant;

import io.abk.billing.gateway.platform.db.SqlValues;
import java.time.Instant;
import org.jspecify.annotations.Nullable;
import org.springframework.r2dbc.core.DatabaseClient;
import org.springframework.stereotype.Component;
import reactor.core.publisher.Mono;

/** SQL for the {@code merchants} table; transactions are the caller's. */
@Component
public class MerchantRepository {

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
        return db.sql("SELECT " + Merchant.COLUMNS + " FROM merchants WHERE id = :id" + lock)
                .bind("id", id)
                .map(Merchant::from)
                .one();
    }

    public Mono<Merchant> findByBootstrapTag(String tag) {
        return db.sql("SELECT " + Merchant.COLUMNS + " FROM merchants WHERE bootstrap_tag = :tag FOR UPDATE")
                .bind("tag", tag)
                .map(Merchant::from)
                .one();
    }

    public Mono<Merchant> insert(Merchant m) {
        return db.sql("INSERT INTO merchants (" + Merchant.COLUMNS
                        + ") VALUES (:id, :name, :displayName, :payout, :at, :at, false)" + " RETURNING "
                        + Merchant.COLUMNS)
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
                        + " VALUES (:id, :name, NULL, :payout, :at, :at, false, :tag)"
                        + " ON CONFLICT (bootstrap_tag) DO NOTHING RETURNING " + Merchant.COLUMNS)
                .bind("id", m.id())
                .bind("name", m.name())
                .bind("payout", SqlValues.nullable(m.payoutAddressEvm(), String.class))
                .bind("at", m.createdAt())
                .bind("tag", tag)
                .map(Merchant::from)
                .one();
    }

    public Mono<Merchant> update(
            String id,
            String name,
            @Nullable String displayName,
            @Nullable String payout,
            boolean requireTotp,
            Instant at) {
        return db.sql("UPDATE merchants SET name = :name, display_name = :displayName, payout_address_evm = :payout,"
                        + " require_totp = :requireTotp, updated_at = :at WHERE id = :id RETURNING " + Merchant.COLUMNS)
                .bind("id", id)
                .bind("name", name)
                .bind("displayName", SqlValues.nullable(displayName, String.class))
                .bind("payout", SqlValues.nullable(payout, String.class))
                .bind("requireTotp", requireTotp)
                .bind("at", at)
                .map(Merchant::from)
                .one();
    }
}
