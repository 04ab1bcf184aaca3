package io.abk.billing.gateway.merchant;

import org.springframework.stereotype.Component;
import reactor.core.publisher.Mono;

/** {@link MerchantLookup} over the control-plane table (the command path reads the default payout address). */
@Component
public class DbMerchantLookup implements MerchantLookup {

    private final MerchantRepository merchants;

    public DbMerchantLookup(MerchantRepository merchants) {
        this.merchants = merchants;
    }

    @Override
    public Mono<MerchantProfile> find(String merchantId) {
        return merchants.find(merchantId).map(Merchant::profile);
    }
}
