package io.abk.billing.gateway.controlplane.merchant;

import io.abk.billing.gateway.platform.cache.ExpiringCache;
import java.time.Duration;
import org.springframework.stereotype.Component;
import reactor.core.publisher.Mono;

/**
 * {@link MerchantLookup} over the control-plane table, through a short-lived in-process cache: a create without a
 * payout address reads the merchant's default one, so a busy merchant would otherwise cost a query per create.
 * Staleness bound: a change made through this process's operator API is seen at once ({@link MerchantService}
 * invalidates here after it commits); one made through another replica is seen within {@link #TTL}.
 */
@Component
public class DbMerchantLookup implements MerchantLookup {

    /** How long another replica's change to a merchant (a new payout address) may go unseen here. */
    static final Duration TTL = Duration.ofSeconds(5);
    /** Far above the merchants one replica serves within a few seconds. */
    static final int MAX_ENTRIES = 10_000;

    private final MerchantRepository merchants;
    private final ExpiringCache<String, MerchantProfile> profiles =
            new ExpiringCache<>(TTL, MAX_ENTRIES, System::nanoTime);

    public DbMerchantLookup(MerchantRepository merchants) {
        this.merchants = merchants;
    }

    @Override
    public Mono<MerchantProfile> find(String merchantId) {
        return profiles.get(merchantId, () -> merchants.find(merchantId).map(Merchant::profile));
    }

    /** Forgets the merchant, after this process changed it. */
    void invalidate(String merchantId) {
        profiles.invalidate(merchantId);
    }
}
