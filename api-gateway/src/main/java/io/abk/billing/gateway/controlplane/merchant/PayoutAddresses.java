package io.abk.billing.gateway.controlplane.merchant;

import io.abk.billing.gateway.platform.web.ApiException;
import io.abk.billing.gateway.platform.web.ErrorCodes;
import org.jspecify.annotations.Nullable;
import reactor.core.publisher.Mono;

/**
 * Where a subscription, payment or link pays out: the request's {@code payoutAddressEvm}, else
 * the merchant's default; with neither, 400 {@code payout_address_required}.
 */
public final class PayoutAddresses {

    private PayoutAddresses() {}

    public static Mono<String> resolve(String merchantId, @Nullable String requested, MerchantLookup merchants) {
        if (requested != null) {
            return Mono.just(requested);
        }
        return merchants
                .find(merchantId)
                .mapNotNull(MerchantProfile::payoutAddressEvm)
                .switchIfEmpty(Mono.error(() -> new ApiException(
                        400,
                        ErrorCodes.PAYOUT_ADDRESS_REQUIRED,
                        "payoutAddressEvm is required: the request has none and the merchant has no default payout address",
                        "payoutAddressEvm",
                        null)));
    }
}
