package io.abk.billing.gateway.portal;

import io.abk.billing.gateway.controlplane.auth.ApiKeyFormat;
import io.abk.billing.gateway.platform.db.Columns;
import io.abk.billing.schemas.avro.Mode;
import io.r2dbc.spi.Readable;
import java.nio.ByteBuffer;
import java.time.Instant;
import org.jspecify.annotations.Nullable;
import org.springframework.r2dbc.core.DatabaseClient;
import org.springframework.stereotype.Component;
import reactor.core.publisher.Mono;

/**
 * SQL for the portal's links ({@code portal_links}) and sessions ({@code portal_sessions}): a link is used at most once
 * (the update that uses it is the check), a session is found by its token's hash while it has not ended or expired.
 */
@Component
class PortalSessionRepository {

    /** A link as its use found it. */
    record UsedLink(
            String merchantId,
            Mode mode,
            String wallet,
            @Nullable String returnUrl) {}

    private final DatabaseClient db;

    PortalSessionRepository(DatabaseClient db) {
        this.db = db;
    }

    Mono<Void> insertLink(
            byte[] tokenHash,
            String merchantId,
            Mode mode,
            String wallet,
            @Nullable String returnUrl,
            Instant createdAt,
            Instant expiresAt) {
        var spec = db.sql("INSERT INTO portal_links (token_hash, merchant_id, mode, customer_wallet, return_url,"
                        + " created_at, expires_at) VALUES (:tokenHash, :merchantId, :mode, :wallet, :returnUrl,"
                        + " :createdAt, :expiresAt)")
                .bind("tokenHash", ByteBuffer.wrap(tokenHash))
                .bind("merchantId", merchantId)
                .bind("mode", ApiKeyFormat.modeText(mode))
                .bind("wallet", wallet)
                .bind("createdAt", createdAt)
                .bind("expiresAt", expiresAt);
        spec = returnUrl == null ? spec.bindNull("returnUrl", String.class) : spec.bind("returnUrl", returnUrl);
        return spec.then();
    }

    /**
     * Uses the link of a token's hash at {@code now}: its terms when it was unused and unexpired, else empty. Two uses
     * at once find it once: the row's update is the check.
     */
    Mono<UsedLink> useLink(byte[] tokenHash, Instant now) {
        return db.sql("UPDATE portal_links SET used_at = :now WHERE token_hash = :tokenHash AND used_at IS NULL"
                        + " AND expires_at > :now RETURNING merchant_id, mode, customer_wallet, return_url")
                .bind("tokenHash", ByteBuffer.wrap(tokenHash))
                .bind("now", now)
                .map(row -> new UsedLink(
                        Columns.required(row, "merchant_id", String.class),
                        ApiKeyFormat.parseMode(Columns.required(row, "mode", String.class)),
                        Columns.required(row, "customer_wallet", String.class),
                        row.get("return_url", String.class)))
                .first();
    }

    Mono<Void> insertSession(PortalSession session, Instant createdAt) {
        var spec = db.sql("INSERT INTO portal_sessions (token_hash, merchant_id, mode, wallet, csrf_token, return_url,"
                        + " created_at, expires_at) VALUES (:tokenHash, :merchantId, :mode, :wallet, :csrf,"
                        + " :returnUrl, :createdAt, :expiresAt)")
                .bind("tokenHash", ByteBuffer.wrap(session.tokenHash()))
                .bind("merchantId", session.merchantId())
                .bind("mode", ApiKeyFormat.modeText(session.mode()))
                .bind("wallet", session.wallet())
                .bind("csrf", session.csrfToken())
                .bind("createdAt", createdAt)
                .bind("expiresAt", session.expiresAt());
        var returnUrl = session.returnUrl();
        spec = returnUrl == null ? spec.bindNull("returnUrl", String.class) : spec.bind("returnUrl", returnUrl);
        return spec.then();
    }

    /** The session of a token's hash unless it ended or expired by {@code now}. */
    Mono<PortalSession> findLive(byte[] tokenHash, Instant now) {
        return db.sql("SELECT token_hash, merchant_id, mode, wallet, csrf_token, return_url, expires_at"
                        + " FROM portal_sessions WHERE token_hash = :tokenHash AND ended_at IS NULL"
                        + " AND expires_at > :now")
                .bind("tokenHash", ByteBuffer.wrap(tokenHash))
                .bind("now", now)
                .map(PortalSessionRepository::session)
                .one();
    }

    Mono<Void> end(byte[] tokenHash, Instant at) {
        return db.sql("UPDATE portal_sessions SET ended_at = :at WHERE token_hash = :tokenHash AND ended_at IS NULL")
                .bind("tokenHash", ByteBuffer.wrap(tokenHash))
                .bind("at", at)
                .then();
    }

    private static PortalSession session(Readable row) {
        var hash = Columns.required(row, "token_hash", ByteBuffer.class);
        var bytes = new byte[hash.remaining()];
        hash.get(bytes);
        return new PortalSession(
                bytes,
                Columns.required(row, "merchant_id", String.class),
                ApiKeyFormat.parseMode(Columns.required(row, "mode", String.class)),
                Columns.required(row, "wallet", String.class),
                Columns.required(row, "csrf_token", String.class),
                row.get("return_url", String.class),
                Columns.required(row, "expires_at", Instant.class));
    }
}
