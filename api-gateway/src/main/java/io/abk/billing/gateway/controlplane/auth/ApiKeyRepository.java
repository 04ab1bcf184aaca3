package io.abk.billing.gateway.controlplane.auth;

import io.abk.billing.gateway.platform.db.NewestFirst;
import io.abk.billing.gateway.platform.db.SqlValues;
import io.abk.billing.gateway.platform.web.Page;
import io.abk.billing.gateway.platform.web.PageRequest;
import io.abk.billing.schemas.avro.Mode;
import java.nio.ByteBuffer;
import java.time.Instant;
import org.springframework.r2dbc.core.DatabaseClient;
import org.springframework.stereotype.Component;
import reactor.core.publisher.Mono;

/** SQL for the {@code api_keys} table; transactions are the caller's. */
@Component
public class ApiKeyRepository {

    private static final String SELECT = "SELECT " + StoredApiKey.COLUMNS + " FROM api_keys";

    private final DatabaseClient db;

    public ApiKeyRepository(DatabaseClient db) {
        this.db = db;
    }

    /** The authentication lookup: by the unique hash index. */
    public Mono<StoredApiKey> findByHash(byte[] hash) {
        return db.sql(SELECT + " WHERE key_hash = :hash")
                .bind("hash", ByteBuffer.wrap(hash))
                .map(StoredApiKey::from)
                .one();
    }

    public Mono<StoredApiKey> find(String id) {
        return db.sql(SELECT + " WHERE id = :id")
                .bind("id", id)
                .map(StoredApiKey::from)
                .one();
    }

    public Mono<StoredApiKey> findForUpdate(String id) {
        return db.sql(SELECT + " WHERE id = :id FOR UPDATE")
                .bind("id", id)
                .map(StoredApiKey::from)
                .one();
    }

    public Mono<StoredApiKey> insert(StoredApiKey key) {
        return insertSql(key, "");
    }

    /** Inserts unless a key with the same hash exists (a configured demo key on restart); empty if it did. */
    public Mono<StoredApiKey> insertIfAbsent(StoredApiKey key) {
        return insertSql(key, " ON CONFLICT (key_hash) DO NOTHING");
    }

    private Mono<StoredApiKey> insertSql(StoredApiKey key, String onConflict) {
        return db.sql("INSERT INTO api_keys (" + StoredApiKey.INSERTED
                        + ") VALUES (:id, :merchantId, :mode, :hash, :hint,"
                        + " :createdAt, :expiresAt, NULL, :rotatedFrom)" + onConflict + " RETURNING "
                        + StoredApiKey.COLUMNS)
                .bind("id", key.id())
                .bind("merchantId", key.merchantId())
                .bind("mode", ApiKeyFormat.modeText(key.mode()))
                .bind("hash", ByteBuffer.wrap(key.keyHash()))
                .bind("hint", key.hint())
                .bind("createdAt", key.createdAt())
                .bind("expiresAt", SqlValues.nullable(key.expiresAt(), Instant.class))
                .bind("rotatedFrom", SqlValues.nullable(key.rotatedFromId(), String.class))
                .map(StoredApiKey::from)
                .one();
    }

    /** Keys of a merchant, both modes, newest first. */
    public Mono<Page<StoredApiKey>> listForMerchant(String merchantId, PageRequest page) {
        return NewestFirst.ofMerchant(db, StoredApiKey.COLUMNS, "api_keys", merchantId, page, StoredApiKey::from);
    }

    /** Keys of a merchant in one mode, newest first (the index on merchant, mode and id). */
    public Mono<Page<StoredApiKey>> listForMerchant(String merchantId, Mode mode, PageRequest page) {
        return NewestFirst.page(
                db,
                SELECT + " WHERE merchant_id = :merchantId AND mode = :mode",
                spec -> spec.bind("merchantId", merchantId).bind("mode", ApiKeyFormat.modeText(mode)),
                page,
                StoredApiKey::from);
    }

    /**
     * Sets the key's last use to {@code at} unless it was set after {@code writtenAfter} (by another replica within the
     * minute); the number of rows written, 0 or 1.
     */
    public Mono<Long> recordUse(String id, Instant at, Instant writtenAfter) {
        return db.sql("UPDATE api_keys SET last_used_at = :at WHERE id = :id"
                        + " AND (last_used_at IS NULL OR last_used_at <= :writtenAfter)")
                .bind("id", id)
                .bind("at", at)
                .bind("writtenAfter", writtenAfter)
                .fetch()
                .rowsUpdated();
    }

    public Mono<StoredApiKey> setExpiry(String id, Instant expiresAt) {
        return setTime("expires_at", id, expiresAt);
    }

    public Mono<StoredApiKey> revoke(String id, Instant at) {
        return setTime("revoked_at", id, at);
    }

    private Mono<StoredApiKey> setTime(String column, String id, Instant at) {
        return db.sql("UPDATE api_keys SET " + column + " = :at WHERE id = :id RETURNING " + StoredApiKey.COLUMNS)
                .bind("id", id)
                .bind("at", at)
                .map(StoredApiKey::from)
                .one();
    }
}
