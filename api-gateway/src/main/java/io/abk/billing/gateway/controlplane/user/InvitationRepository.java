package io.abk.billing.gateway.controlplane.user;

import io.abk.billing.gateway.platform.db.NewestFirst;
import io.abk.billing.gateway.platform.web.Page;
import io.abk.billing.gateway.platform.web.PageRequest;
import java.nio.ByteBuffer;
import java.time.Instant;
import org.springframework.r2dbc.core.DatabaseClient;
import org.springframework.stereotype.Component;
import reactor.core.publisher.Mono;

/** SQL for the {@code merchant_invitations} table; transactions are the caller's. */
@Component
public class InvitationRepository {

    private static final String SELECT = "SELECT " + MerchantInvitation.COLUMNS + " FROM merchant_invitations";
    private static final String PENDING = " AND accepted_at IS NULL AND revoked_at IS NULL AND expires_at > :now";

    private final DatabaseClient db;

    public InvitationRepository(DatabaseClient db) {
        this.db = db;
    }

    Mono<Void> insert(MerchantInvitation invitation, byte[] tokenHash) {
        return db.sql("INSERT INTO merchant_invitations (" + MerchantInvitation.COLUMNS + ", token_hash) VALUES (:id,"
                        + " :merchantId, :email, :role, :createdBy, :createdAt, :expiresAt, NULL, NULL, :tokenHash)")
                .bind("id", invitation.id())
                .bind("merchantId", invitation.merchantId())
                .bind("email", invitation.email())
                .bind("role", invitation.role().wireName())
                .bind("createdBy", invitation.createdBy())
                .bind("createdAt", invitation.createdAt())
                .bind("expiresAt", invitation.expiresAt())
                .bind("tokenHash", ByteBuffer.wrap(tokenHash))
                .then();
    }

    /** Whether the team has an invitation of {@code email} pending at {@code now}. */
    Mono<Boolean> anyPending(String merchantId, String email, Instant now) {
        return db.sql("SELECT EXISTS (SELECT 1 FROM merchant_invitations WHERE merchant_id = :merchantId"
                        + " AND email = :email" + PENDING + ") AS found")
                .bind("merchantId", merchantId)
                .bind("email", email)
                .bind("now", now)
                .map(row -> Boolean.TRUE.equals(row.get("found", Boolean.class)))
                .one();
    }

    /** The team's invitations pending at {@code now}, newest first. */
    Mono<Page<MerchantInvitation>> pending(String merchantId, PageRequest page, Instant now) {
        return NewestFirst.page(
                db,
                SELECT + " WHERE merchant_id = :merchantId" + PENDING,
                spec -> spec.bind("merchantId", merchantId).bind("now", now),
                page,
                MerchantInvitation::from);
    }

    /** The team's invitation {@code id} (empty for another team's); {@code lock} for a change in the caller's transaction. */
    Mono<MerchantInvitation> find(String merchantId, String id, boolean lock) {
        return db.sql(SELECT + " WHERE id = :id AND merchant_id = :merchantId" + (lock ? " FOR UPDATE" : ""))
                .bind("id", id)
                .bind("merchantId", merchantId)
                .map(MerchantInvitation::from)
                .one();
    }

    /** The invitation of a link's token, by the token's hash; {@code lock} for a change in the caller's transaction. */
    Mono<MerchantInvitation> findByTokenHash(byte[] tokenHash, boolean lock) {
        return db.sql(SELECT + " WHERE token_hash = :tokenHash" + (lock ? " FOR UPDATE" : ""))
                .bind("tokenHash", ByteBuffer.wrap(tokenHash))
                .map(MerchantInvitation::from)
                .one();
    }

    Mono<MerchantInvitation> revoke(String id, Instant at) {
        return db.sql("UPDATE merchant_invitations SET revoked_at = :at WHERE id = :id RETURNING "
                        + MerchantInvitation.COLUMNS)
                .bind("id", id)
                .bind("at", at)
                .map(MerchantInvitation::from)
                .one();
    }

    Mono<MerchantInvitation> accept(String id, Instant at) {
        return db.sql("UPDATE merchant_invitations SET accepted_at = :at WHERE id = :id RETURNING "
                        + MerchantInvitation.COLUMNS)
                .bind("id", id)
                .bind("at", at)
                .map(MerchantInvitation::from)
                .one();
    }
}
