package io.abk.billing.gateway.api.payment;

import io.abk.billing.gateway.api.catalog.PriceLookup;
import io.abk.billing.gateway.controlplane.merchant.MerchantLookup;
import io.abk.billing.gateway.controlplane.merchant.PayoutAddresses;
import io.abk.billing.gateway.platform.json.RequestFields;
import io.abk.billing.gateway.platform.web.ApiException;
import io.abk.billing.gateway.platform.web.Caller;
import io.abk.billing.schemas.money.UsdcAmount;
import org.jspecify.annotations.Nullable;
import reactor.core.publisher.Mono;

/**
 * How much a one-time payment or a payment link asks: exactly one of {@code amountUsdc} or
 * {@code priceId}, the price being an active {@code once} price of the caller's merchant and mode. Both, neither,
 * or a recurring price is 400 {@code validation_error}; an unknown price (or another merchant's, or the other
 * mode's) 400 {@code resource_missing}; an archived one 400 {@code price_inactive}.
 */
public sealed interface OneTimeAmount {

    int MAX_PRICE_ID_LENGTH = 255;

    /** The amount of a catalog price. */
    record ByPrice(String priceId) implements OneTimeAmount {}

    /** The amount given in the request. */
    record AdHoc(UsdcAmount amount) implements OneTimeAmount {}

    /**
     * The amount found, with the price it came from (null when given ad hoc), and where it is paid to: the request's
     * payout address, else the merchant's default.
     */
    record Resolved(long amountMicros, @Nullable String priceId, String payoutAddress) {}

    /** Reads {@code amountUsdc} and {@code priceId}; {@code what} names the resource in messages ("a payment"). */
    static OneTimeAmount parse(RequestFields fields, String what) {
        var amount = fields.optionalPositiveAmount("amountUsdc");
        var priceId = fields.optionalString("priceId", MAX_PRICE_ID_LENGTH);
        if (amount.isPresent() && priceId.isPresent()) {
            throw ApiException.invalid(
                    "priceId", "Give either amountUsdc or priceId, not both: the price sets the amount of " + what);
        }
        if (priceId.isPresent()) {
            return new ByPrice(priceId.get());
        }
        return new AdHoc(amount.orElseThrow(() -> ApiException.invalid(
                "amountUsdc",
                "amountUsdc is required (or give priceId, a one-time price of your catalog): " + what
                        + " needs an amount")));
    }

    /**
     * Looks the price up in the caller's merchant and mode, when there is one, then the payout address when the
     * request has none: one after the other, so a request with several problems always gets the same error.
     */
    static Mono<Resolved> resolve(
            Caller caller,
            OneTimeAmount amount,
            @Nullable String payoutAddressEvm,
            PriceLookup prices,
            MerchantLookup merchants,
            String what) {
        var payout = Mono.defer(() -> PayoutAddresses.resolve(caller.merchantId(), payoutAddressEvm, merchants));
        return switch (amount) {
            case AdHoc adHoc ->
                payout.map(address -> new Resolved(adHoc.amount().micros(), null, address));
            case ByPrice byPrice -> {
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
