package io.abk.billing.gateway.api.payment;

import io.abk.billing.gateway.platform.json.RequestFields;
import io.abk.billing.gateway.platform.web.ApiException;
import io.abk.billing.schemas.money.UsdcAmount;

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
}
