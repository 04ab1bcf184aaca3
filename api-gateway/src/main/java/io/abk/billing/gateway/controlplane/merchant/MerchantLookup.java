package io.abk.billing.gateway.controlplane.merchant;

import reactor.core.publisher.Mono;

/** Finds a merchant by id (empty when missing). */
public interface MerchantLookup {

    Mono<MerchantProfile> find(String merchantId);
}
