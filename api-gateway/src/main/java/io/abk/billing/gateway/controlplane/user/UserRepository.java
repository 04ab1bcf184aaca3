package io.abk.billing.gateway.controlplane.user;

import io.abk.billing.gateway.platform.db.NewestFirst;
import io.abk.billing.gateway.platform.web.Page;
import io.abk.billing.gateway.platform.web.PageRequest;
import org.springframework.r2dbc.core.DatabaseClient;
import org.springframework.stereotype.Component;
import reactor.core.publisher.Mono;

/** SQL for the {@code merchant_users} table; transactions are the caller's. */
@Component
public class UserRepository {

    private static final String SELECT = "SELECT " + MerchantUser.COLUMNS + " FROM merchant_users";

    private final DatabaseClient db;

    public UserRepository(DatabaseClient db) {
        this.db = db;
    }

    /** The user who signs in with {@code email} (lower-cased), if any. */
    public Mono<MerchantUser> findByEmail(String email) {
        return db.sql(SELECT + " WHERE email = :email")
                .bind("email", email)
                .map(MerchantUser::from)
                .one();
    }

    /** Whether the merchant has a team yet. */
    public Mono<Boolean> anyOf(String merchantId) {
        return db.sql("SELECT EXISTS (SELECT 1 FROM merchant_users WHERE merchant_id = :merchantId) AS found")
                .bind("merchantId", merchantId)
                .map(row -> Boolean.TRUE.equals(row.get("found", Boolean.class)))
                .one();
    }

    /** Inserts unless the email is taken; empty if it was. */
    public Mono<MerchantUser> insertIfEmailFree(MerchantUser user) {
        return db.sql("INSERT INTO merchant_users (" + MerchantUser.COLUMNS + ") VALUES (:id, :merchantId, :email,"
                        + " :role, :passwordHash, :createdAt, :updatedAt) ON CONFLICT (email) DO NOTHING RETURNING "
                        + MerchantUser.COLUMNS)
                .bind("id", user.id())
                .bind("merchantId", user.merchantId())
                .bind("email", user.email())
                .bind("role", user.role().wireName())
                .bind("passwordHash", user.passwordHash())
                .bind("createdAt", user.createdAt())
                .bind("updatedAt", user.updatedAt())
                .map(MerchantUser::from)
                .one();
    }

    /** A merchant's team, newest first. */
    public Mono<Page<MerchantUser>> listForMerchant(String merchantId, PageRequest page) {
        return NewestFirst.page(
                db,
                SELECT + " WHERE merchant_id = :merchantId",
                spec -> spec.bind("merchantId", merchantId),
                page,
                MerchantUser::from);
    }
}
