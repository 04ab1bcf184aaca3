package io.abk.billing.gateway.api.payment;

import io.abk.billing.gateway.api.catalog.PriceLookup;
import io.abk.billing.gateway.controlplane.merchant.MerchantLookup;
import io.abk.billing.gateway.controlplane.merchant.PayoutAddresses;
import io.abk.billing.gateway.platform.web.ApiException;
import io.abk.billing.gateway.platform.web.Caller;
import org.jspecify.annotations.Nullable;
import org.springframework.stereotype.Component;
import reactor.core.publisher.Mono;

/**
 * Resolves what a one-time payment or a payment link charges and where it is paid to ({@link OneTimeAmount}), for
 * the create routes of both.
 */
@Component
public class OneTimeAmountLookup {

    /**
     * The amount found, with the price it came from (null when given ad hoc), and where it is paid to: the request's
     * payout address, else the merchant's default.
     */
    public record Resolved(long amountMicros, @Nullable String priceId, String payoutAddress) {}

    private final PriceLookup prices;
    private final MerchantLookup merchants;

    public OneTimeAmountLookup(PriceLookup prices, MerchantLookup merchants) {
        this.prices = prices;
        this.merchants = merchants;
    }

    /**
     * Looks the price up in the caller's merchant and mode, when there is one, then the payout address when the
     * request has none: one after the other, so a request with several problems always gets the same error.
     */
    public Mono<Resolved> resolve(Caller caller, OneTimeAmount amount, @Nullable String payoutAddressEvm, String what) {
        var payout = Mono.defer(() -> PayoutAddresses.resolve(caller.merchantId(), payoutAddressEvm, merchants));
        return switch (amount) {
            case OneTimeAmount.AdHoc adHoc ->
                payout.map(address -> new Resolved(adHoc.amount().micros(), null, address));
            case OneTimeAmount.ByPrice byPrice -> {
                var priceId = byPrice.priceId();
                yield prices.findSellable(caller.merchantId(), caller.mode(), priceId, "be sold")
                        .map(price -> {
                            if (price.isRecurring()) {
                                throw ApiException.invalid(
                                        "priceId",
                                        "Price '" + priceId + "' is a " + price.interval() + " price; " + what
                                                + " needs a one-time (once) price");
                            }
                            return price;
                        })
                        .flatMap(price ->
                                payout.map(address -> new Resolved(price.amountMicros(), price.id(), address)));
            }
        };
    }
}
