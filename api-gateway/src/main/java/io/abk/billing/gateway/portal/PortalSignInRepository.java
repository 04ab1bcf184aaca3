package io.abk.billing.gateway.portal;

import io.abk.billing.gateway.controlplane.auth.ApiKeyFormat;
import io.abk.billing.gateway.platform.db.Columns;
import io.abk.billing.schemas.avro.Mode;
import java.time.Instant;
import org.springframework.r2dbc.core.DatabaseClient;
import org.springframework.stereotype.Component;
import reactor.core.publisher.Mono;

/**
 * SQL for {@code portal_sign_in_nonces}: the Sign-In with Ethereum messages the portal issued, each nonce used at most
 * once and only before it expires (the update that uses it is the check).
 */
@Component
class PortalSignInRepository {

    /** An issued message as its use found it. */
    record Issued(String merchantId, Mode mode, String message) {}

    private final DatabaseClient db;

    PortalSignInRepository(DatabaseClient db) {
        this.db = db;
    }

    Mono<Void> insert(String nonce, String merchantId, Mode mode, String message, Instant at, Instant expiresAt) {
        return db.sql("INSERT INTO portal_sign_in_nonces (nonce, merchant_id, mode, message, created_at, expires_at)"
                        + " VALUES (:nonce, :merchantId, :mode, :message, :at, :expiresAt)")
                .bind("nonce", nonce)
                .bind("merchantId", merchantId)
                .bind("mode", ApiKeyFormat.modeText(mode))
                .bind("message", message)
                .bind("at", at)
                .bind("expiresAt", expiresAt)
                .then();
    }

    /** Uses the nonce at {@code now}: the message issued with it when it was unused and unexpired, else empty. */
    Mono<Issued> use(String nonce, Instant now) {
        return db.sql("UPDATE portal_sign_in_nonces SET used_at = :now WHERE nonce = :nonce AND used_at IS NULL"
                        + " AND expires_at > :now RETURNING merchant_id, mode, message")
                .bind("nonce", nonce)
                .bind("now", now)
                .map(row -> new Issued(
                        Columns.required(row, "merchant_id", String.class),
                        ApiKeyFormat.parseMode(Columns.required(row, "mode", String.class)),
                        Columns.required(row, "message", String.class)))
                .first();
    }
}
