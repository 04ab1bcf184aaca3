package io.abk.billing.gateway.controlplane.user;

import io.abk.billing.gateway.platform.db.Columns;
import io.abk.billing.gateway.platform.db.NewestFirst;
import io.abk.billing.gateway.platform.web.Page;
import io.abk.billing.gateway.platform.web.PageRequest;
import java.time.Instant;
import java.util.Collection;
import org.springframework.r2dbc.core.DatabaseClient;
import org.springframework.stereotype.Component;
import reactor.core.publisher.Flux;
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

    /** The user {@code id}, of whichever team. */
    public Mono<MerchantUser> findById(String id) {
        return db.sql(SELECT + " WHERE id = :id")
                .bind("id", id)
                .map(MerchantUser::from)
                .one();
    }

    /**
     * Counts a failed sign-in; the {@code limit}-th in a row locks the member out until {@code lockUntil} and starts
     * the count again. Returns the row as it now is.
     */
    public Mono<MerchantUser> recordFailedSignIn(String id, int limit, Instant lockUntil) {
        return db.sql("UPDATE merchant_users SET"
                        + " locked_until = CASE WHEN failed_sign_ins + 1 >= :limit THEN :lockUntil ELSE locked_until END,"
                        + " failed_sign_ins = CASE WHEN failed_sign_ins + 1 >= :limit THEN 0 ELSE failed_sign_ins + 1 END"
                        + " WHERE id = :id RETURNING " + MerchantUser.COLUMNS)
                .bind("id", id)
                .bind("limit", limit)
                .bind("lockUntil", lockUntil)
                .map(MerchantUser::from)
                .one();
    }

    /** A new password: its hash, and no lockout or failure counted against the old one. */
    public Mono<MerchantUser> setPasswordHash(String id, String passwordHash, Instant at) {
        return db.sql("UPDATE merchant_users SET password_hash = :hash, updated_at = :at, failed_sign_ins = 0,"
                        + " locked_until = NULL WHERE id = :id RETURNING " + MerchantUser.COLUMNS)
                .bind("id", id)
                .bind("hash", passwordHash)
                .bind("at", at)
                .map(MerchantUser::from)
                .one();
    }

    /** A sign-in succeeded: the count of failures in a row starts again. */
    public Mono<Void> clearFailedSignIns(String id) {
        return db.sql("UPDATE merchant_users SET failed_sign_ins = 0 WHERE id = :id AND failed_sign_ins > 0")
                .bind("id", id)
                .then();
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
                        + " :role, :passwordHash, :createdAt, :updatedAt, 0, NULL, NULL, NULL, NULL)"
                        + " ON CONFLICT (email) DO NOTHING RETURNING "
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

    /** The member {@code id} of the merchant's team (empty for another team's). */
    public Mono<MerchantUser> findMember(String merchantId, String id) {
        return findMember(merchantId, id, "");
    }

    /** {@link #findMember}, the row locked for a change inside the caller's transaction. */
    public Mono<MerchantUser> findMemberForUpdate(String merchantId, String id) {
        return findMember(merchantId, id, " FOR UPDATE");
    }

    private Mono<MerchantUser> findMember(String merchantId, String id, String lock) {
        return db.sql(SELECT + " WHERE id = :id AND merchant_id = :merchantId" + lock)
                .bind("id", id)
                .bind("merchantId", merchantId)
                .map(MerchantUser::from)
                .one();
    }

    /** A lockout lifted: sign-in is allowed again and no failure counts any more. */
    public Mono<MerchantUser> unlock(String id, Instant at) {
        return db.sql("UPDATE merchant_users SET failed_sign_ins = 0, locked_until = NULL, updated_at = :at"
                        + " WHERE id = :id RETURNING " + MerchantUser.COLUMNS)
                .bind("id", id)
                .bind("at", at)
                .map(MerchantUser::from)
                .one();
    }

    /** Those of {@code ids} who are members of the merchant's team. */
    public Flux<MerchantUser> findMembers(String merchantId, Collection<String> ids) {
        if (ids.isEmpty()) {
            return Flux.empty();
        }
        return db.sql(SELECT + " WHERE merchant_id = :merchantId AND id = ANY(:ids)")
                .bind("merchantId", merchantId)
                .bind("ids", ids.toArray(String[]::new))
                .map(MerchantUser::from)
                .all();
    }

    /** A merchant's team, newest first. */
    public Mono<Page<MerchantUser>> listForMerchant(String merchantId, PageRequest page) {
        return NewestFirst.ofMerchant(db, MerchantUser.COLUMNS, "merchant_users", merchantId, page, MerchantUser::from);
    }

    /** How many owners the merchant's team has. */
    public Mono<Long> countOwners(String merchantId) {
        return db.sql(
                        "SELECT count(*) AS owners FROM merchant_users WHERE merchant_id = :merchantId AND role = 'owner'")
                .bind("merchantId", merchantId)
                .map(row -> Columns.required(row, "owners", Long.class))
                .one();
    }

    /** The member's new role, which the next request of each of their sessions is judged by. */
    public Mono<MerchantUser> setRole(String id, UserRole role, Instant at) {
        return db.sql("UPDATE merchant_users SET role = :role, updated_at = :at WHERE id = :id RETURNING "
                        + MerchantUser.COLUMNS)
                .bind("id", id)
                .bind("role", role.wireName())
                .bind("at", at)
                .map(MerchantUser::from)
                .one();
    }

    /** Removes the member; their dashboard sessions go with them (the sessions' foreign key cascades). */
    public Mono<Void> delete(String id) {
        return db.sql("DELETE FROM merchant_users WHERE id = :id")
                .bind("id", id)
                .then();
    }
}
