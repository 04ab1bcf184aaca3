package io.abk.billing.gateway.api.subscription;

import io.abk.billing.gateway.platform.web.Caller;
import io.abk.billing.schemas.render.ApiJson;
import org.springframework.r2dbc.core.DatabaseClient;
import org.springframework.stereotype.Component;
import reactor.core.publisher.Mono;

/**
 * What a subscription's hosted checkout offers besides paying, as its create asked: {@code allowPromotionCodes} (a
 * field for a promotion code). Kept by the gateway (migration V25, {@code subscription_checkout_options}), not in
 * Avro: only the checkout page reads it. Written before the create's command is sent, so a created subscription
 * always finds its options.
 */
@Component
public final class CheckoutOptions {

    private final DatabaseClient db;

    public CheckoutOptions(DatabaseClient db) {
        this.db = db;
    }

    /** Records that {@code subscriptionId}'s checkout takes a promotion code (a retry records it again, harmlessly). */
    public Mono<Void> allowPromotionCodes(Caller caller, String subscriptionId) {
        return db.sql("""
                        INSERT INTO subscription_checkout_options (subscription_id, merchant_id, mode, allow_promotion_codes)
                        VALUES (:id, :merchantId, :mode, true)
                        ON CONFLICT (subscription_id) DO NOTHING""")
                .bind("id", subscriptionId)
                .bind("merchantId", caller.merchantId())
                .bind("mode", ApiJson.mode(caller.mode()))
                .then();
    }

    /** Whether {@code subscriptionId}'s checkout takes a promotion code. */
    public Mono<Boolean> allowsPromotionCodes(String subscriptionId) {
        return db.sql("SELECT allow_promotion_codes FROM subscription_checkout_options WHERE subscription_id = :id")
                .bind("id", subscriptionId)
                .map(row -> Boolean.TRUE.equals(row.get("allow_promotion_codes", Boolean.class)))
                .first()
                .defaultIfEmpty(false);
    }
}
