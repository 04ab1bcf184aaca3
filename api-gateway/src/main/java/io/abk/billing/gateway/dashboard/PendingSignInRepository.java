package io.abk.billing.gateway.dashboard;

import io.abk.billing.gateway.platform.db.Columns;
import java.nio.ByteBuffer;
import java.time.Instant;
import org.springframework.r2dbc.core.DatabaseClient;
import org.springframework.stereotype.Component;
import reactor.core.publisher.Mono;

/** SQL for the {@code dashboard_pending_sign_ins} table: sign-ins whose password was right and whose code is to come. */
@Component
public class PendingSignInRepository {

    private final DatabaseClient db;

    public PendingSignInRepository(DatabaseClient db) {
        this.db = db;
    }

    /** Records a pending sign-in of the member until {@code expiresAt}; the member's expired ones are dropped. */
    public Mono<Void> insert(byte[] tokenHash, String userId, Instant now, Instant expiresAt) {
        return db.sql("DELETE FROM dashboard_pending_sign_ins WHERE user_id = :userId AND expires_at <= :now")
                .bind("userId", userId)
                .bind("now", now)
                .then()
                .then(db.sql("INSERT INTO dashboard_pending_sign_ins (token_hash, user_id, expires_at)"
                                + " VALUES (:tokenHash, :userId, :expiresAt)")
                        .bind("tokenHash", ByteBuffer.wrap(tokenHash))
                        .bind("userId", userId)
                        .bind("expiresAt", expiresAt)
                        .then());
    }

    /** The member of the pending sign-in of a token's hash, unless it expired by {@code now}. */
    public Mono<String> findUser(byte[] tokenHash, Instant now) {
        return db.sql("SELECT user_id FROM dashboard_pending_sign_ins WHERE token_hash = :tokenHash"
                        + " AND expires_at > :now")
                .bind("tokenHash", ByteBuffer.wrap(tokenHash))
                .bind("now", now)
                .map(row -> Columns.required(row, "user_id", String.class))
                .one();
    }

    /** The pending sign-in is over: signed in, or given up. */
    public Mono<Void> delete(byte[] tokenHash) {
        return db.sql("DELETE FROM dashboard_pending_sign_ins WHERE token_hash = :tokenHash")
                .bind("tokenHash", ByteBuffer.wrap(tokenHash))
                .then();
    }
}
