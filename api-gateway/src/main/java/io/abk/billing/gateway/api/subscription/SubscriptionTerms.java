package io.abk.billing.gateway.api.subscription;

import io.abk.billing.gateway.api.catalog.PriceLookup;
import io.abk.billing.gateway.api.subscription.CreateSubscriptionRequest.AdHoc;
import io.abk.billing.gateway.api.subscription.CreateSubscriptionRequest.ByPrice;
import io.abk.billing.gateway.controlplane.merchant.MerchantLookup;
import io.abk.billing.gateway.controlplane.merchant.PayoutAddresses;
import io.abk.billing.gateway.platform.web.ApiException;
import io.abk.billing.gateway.platform.web.Caller;
import org.jspecify.annotations.Nullable;
import reactor.core.publisher.Mono;

/**
 * What a create resolves to once its references are looked up: the billing terms (from the price or the
 * request) and the payout address (from the request or the merchant's default).
 */
public record SubscriptionTerms(
        long amountMicros,
        String interval,
        int trialDays,
        @Nullable String priceId,
        String payoutAddress) {

    /** Looks up the price and the merchant as needed, with the caller's merchant and mode. */
    public static Mono<SubscriptionTerms> resolve(
            Caller caller, CreateSubscriptionRequest request, PriceLookup prices, MerchantLookup merchants) {
        // One after the other, so a request with several problems always gets the same error.
        return billing(caller, request, prices)
                .flatMap(billing -> payout(caller, request, merchants)
                        .map(payout -> new SubscriptionTerms(
                                billing.amountMicros, billing.interval, billing.trialDays, billing.priceId, payout)));
    }

    private record Billing(
            long amountMicros,
            String interval,
            int trialDays,
            @Nullable String priceId) {}

    private static Mono<Billing> billing(Caller caller, CreateSubscriptionRequest request, PriceLookup prices) {
        return switch (request.form()) {
            case AdHoc adHoc -> Mono.just(new Billing(adHoc.amount().micros(), adHoc.interval(), 0, null));
            case ByPrice byPrice -> {
                var priceId = byPrice.priceId();
                yield prices.findSellable(caller.merchantId(), caller.mode(), priceId, "start new subscriptions")
                        .map(price -> {
                            if (!price.isRecurring()) {
                                throw ApiException.invalid(
                                        "priceId",
                                        "Price '" + priceId + "' is a one-time price;"
                                                + " a subscription needs a month or year price");
                            }
                            return new Billing(price.amountMicros(), price.interval(), price.trialDays(), price.id());
                        });
            }
        };
    }

    private static Mono<String> payout(Caller caller, CreateSubscriptionRequest request, MerchantLookup merchants) {
        return PayoutAddresses.resolve(caller.merchantId(), request.payoutAddressEvm(), merchants);
    }
}
