package io.abk.billing.gateway.controlplane.user;

import java.time.Instant;
import org.springframework.r2dbc.core.DatabaseClient;
import org.springframework.stereotype.Component;
import reactor.core.publisher.Mono;

/** SQL for a member's second factor (the {@code totp_} columns of {@code merchant_users}); transactions are the caller's. */
@Component
public class TotpRepository {

    private final DatabaseClient db;

    public TotpRepository(DatabaseClient db) {
        this.db = db;
    }

    /** A new enrolment: the sealed secret, waiting for its first code; any earlier unconfirmed one is replaced. */
    Mono<MerchantUser> start(String id, String sealedSecret, Instant at) {
        return db.sql("UPDATE merchant_users SET totp_secret = :secret, totp_enabled_at = NULL, totp_last_step = NULL,"
                        + " updated_at = :at WHERE id = :id AND totp_enabled_at IS NULL RETURNING "
                        + MerchantUser.COLUMNS)
                .bind("id", id)
                .bind("secret", sealedSecret)
                .bind("at", at)
                .map(MerchantUser::from)
                .one();
    }

    /** The enrolment confirmed by the code of {@code step}: sign-in asks for a code from now on. */
    Mono<MerchantUser> enable(String id, long step, Instant at) {
        return db.sql("UPDATE merchant_users SET totp_enabled_at = :at, totp_last_step = :step, updated_at = :at"
                        + " WHERE id = :id AND totp_secret IS NOT NULL RETURNING " + MerchantUser.COLUMNS)
                .bind("id", id)
                .bind("step", step)
                .bind("at", at)
                .map(MerchantUser::from)
                .one();
    }

    /** The second factor removed: its secret forgotten. */
    Mono<MerchantUser> disable(String id, Instant at) {
        return db.sql("UPDATE merchant_users SET totp_secret = NULL, totp_enabled_at = NULL, totp_last_step = NULL,"
                        + " updated_at = :at WHERE id = :id RETURNING " + MerchantUser.COLUMNS)
                .bind("id", id)
                .bind("at", at)
                .map(MerchantUser::from)
                .one();
    }

    /**
     * Records that the code of {@code step} was used, unless that step or a later one was already: true when this call
     * took it, so two requests with one code cannot both sign in.
     */
    Mono<Boolean> accept(String id, long step) {
        return db.sql("UPDATE merchant_users SET totp_last_step = :step WHERE id = :id AND totp_enabled_at IS NOT NULL"
                        + " AND (totp_last_step IS NULL OR totp_last_step < :step)")
                .bind("id", id)
                .bind("step", step)
                .fetch()
                .rowsUpdated()
                .map(rows -> rows > 0);
    }

    /** Whether the merchant's owner requires every member to sign in with a second factor. */
    public Mono<Boolean> requiredBy(String merchantId) {
        return db.sql("SELECT require_totp FROM merchants WHERE id = :id")
                .bind("id", merchantId)
                .map(row -> Boolean.TRUE.equals(row.get("require_totp", Boolean.class)))
                .one()
                .defaultIfEmpty(false);
    }
}
