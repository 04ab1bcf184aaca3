package io.abk.billing.gateway.dashboard;

import io.abk.billing.gateway.controlplane.auth.ApiKeyFormat;
import io.abk.billing.gateway.controlplane.user.UserRole;
import io.abk.billing.gateway.platform.db.Columns;
import io.abk.billing.schemas.avro.Mode;
import io.r2dbc.spi.Readable;
import java.nio.ByteBuffer;
import java.time.Instant;
import org.springframework.r2dbc.core.DatabaseClient;
import org.springframework.stereotype.Component;
import reactor.core.publisher.Mono;

/**
 * SQL for the {@code dashboard_sessions} table, read with the member each session signs in (and whether their team's
 * requirement of a second factor is still to be met).
 */
@Component
public class SessionRepository {

    private final DatabaseClient db;

    public SessionRepository(DatabaseClient db) {
        this.db = db;
    }

    /** Records a session that begins now. */
    public Mono<Void> insert(DashboardSession session) {
        return db.sql("INSERT INTO dashboard_sessions (token_hash, user_id, csrf_token, mode, created_at, last_seen_at)"
                        + " VALUES (:tokenHash, :userId, :csrf, :mode, :createdAt, :lastSeenAt)")
                .bind("tokenHash", ByteBuffer.wrap(session.tokenHash()))
                .bind("userId", session.userId())
                .bind("csrf", session.csrfToken())
                .bind("mode", ApiKeyFormat.modeText(session.mode()))
                .bind("createdAt", session.createdAt())
                .bind("lastSeenAt", session.lastSeenAt())
                .then();
    }

    /** The session of a token's hash unless it was ended, with its member; whether it is still live is the caller's. */
    public Mono<DashboardSession> findOpen(byte[] tokenHash) {
        return db.sql("SELECT s.token_hash, s.user_id, u.merchant_id, u.email, u.role, s.csrf_token, s.mode,"
                        + " s.created_at, s.last_seen_at,"
                        + " (m.require_totp AND u.totp_enabled_at IS NULL) AS must_enrol_totp FROM dashboard_sessions s"
                        + " JOIN merchant_users u ON u.id = s.user_id JOIN merchants m ON m.id = u.merchant_id"
                        + " WHERE s.token_hash = :tokenHash AND s.ended_at IS NULL")
                .bind("tokenHash", ByteBuffer.wrap(tokenHash))
                .map(SessionRepository::session)
                .one();
    }

    /** The session was used at {@code at}. */
    public Mono<Void> touch(byte[] tokenHash, Instant at) {
        return db.sql("UPDATE dashboard_sessions SET last_seen_at = :at WHERE token_hash = :tokenHash")
                .bind("tokenHash", ByteBuffer.wrap(tokenHash))
                .bind("at", at)
                .then();
    }

    /** The session shows {@code mode}'s data from now on. */
    public Mono<Void> switchMode(byte[] tokenHash, Mode mode) {
        return db.sql("UPDATE dashboard_sessions SET mode = :mode WHERE token_hash = :tokenHash AND ended_at IS NULL")
                .bind("tokenHash", ByteBuffer.wrap(tokenHash))
                .bind("mode", ApiKeyFormat.modeText(mode))
                .then();
    }

    /** Ends the session at {@code at}: its token signs no one in any more, wherever it is used. */
    public Mono<Void> end(byte[] tokenHash, Instant at) {
        return db.sql("UPDATE dashboard_sessions SET ended_at = :at WHERE token_hash = :tokenHash AND ended_at IS NULL")
                .bind("tokenHash", ByteBuffer.wrap(tokenHash))
                .bind("at", at)
                .then();
    }

    private static DashboardSession session(Readable row) {
        var hash = Columns.required(row, "token_hash", ByteBuffer.class);
        var bytes = new byte[hash.remaining()];
        hash.get(bytes);
        return new DashboardSession(
                bytes,
                Columns.required(row, "user_id", String.class),
                Columns.required(row, "merchant_id", String.class),
                Columns.required(row, "email", String.class),
                UserRole.ofColumn(Columns.required(row, "role", String.class)),
                Columns.required(row, "csrf_token", String.class),
                ApiKeyFormat.parseMode(Columns.required(row, "mode", String.class)),
                Columns.required(row, "created_at", Instant.class),
                Columns.required(row, "last_seen_at", Instant.class),
                Columns.required(row, "must_enrol_totp", Boolean.class));
    }
}
