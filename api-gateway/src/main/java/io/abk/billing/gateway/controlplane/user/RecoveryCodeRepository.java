package io.abk.billing.gateway.controlplane.user;

import io.abk.billing.gateway.platform.db.Columns;
import java.nio.ByteBuffer;
import java.time.Instant;
import java.util.List;
import org.springframework.r2dbc.core.DatabaseClient;
import org.springframework.stereotype.Component;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

/** SQL for the {@code merchant_user_recovery_codes} table (hashes only); transactions are the caller's. */
@Component
public class RecoveryCodeRepository {

    private final DatabaseClient db;

    public RecoveryCodeRepository(DatabaseClient db) {
        this.db = db;
    }

    /** The member's codes are these from now on: the set before is void, used or not. */
    Mono<Void> replace(String userId, List<byte[]> hashes, Instant at) {
        return forget(userId)
                .thenMany(Flux.fromIterable(hashes)
                        .concatMap(hash -> db.sql("INSERT INTO merchant_user_recovery_codes (user_id, code_hash,"
                                        + " created_at) VALUES (:userId, :hash, :at)")
                                .bind("userId", userId)
                                .bind("hash", ByteBuffer.wrap(hash))
                                .bind("at", at)
                                .then()))
                .then();
    }

    /** Uses the code up: true when this call did, false when it is unknown or was used (by this call's rival too). */
    Mono<Boolean> use(String userId, byte[] hash, Instant at) {
        return db.sql("UPDATE merchant_user_recovery_codes SET used_at = :at"
                        + " WHERE user_id = :userId AND code_hash = :hash AND used_at IS NULL")
                .bind("userId", userId)
                .bind("hash", ByteBuffer.wrap(hash))
                .bind("at", at)
                .fetch()
                .rowsUpdated()
                .map(rows -> rows > 0);
    }

    /** How many of the member's codes are still unused. */
    public Mono<Long> remaining(String userId) {
        return db.sql("SELECT count(*) AS unused FROM merchant_user_recovery_codes WHERE user_id = :userId"
                        + " AND used_at IS NULL")
                .bind("userId", userId)
                .map(row -> Columns.required(row, "unused", Long.class))
                .one()
                .defaultIfEmpty(0L);
    }

    /** The member's codes are gone (their second factor is off). */
    Mono<Void> forget(String userId) {
        return db.sql("DELETE FROM merchant_user_recovery_codes WHERE user_id = :userId")
                .bind("userId", userId)
                .then();
    }
}
