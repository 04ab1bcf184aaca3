package io.abk.billing.streams.subscription.domain;

import io.abk.billing.schemas.render.ApiNamed;

/**
 * How long a subscription's discount lasts: the first invoice it takes something off ({@code once}), a number of
 * months from when it was applied ({@code repeating}), or as long as the subscription ({@code forever}).
 */
public enum DiscountDuration implements ApiNamed {
    ONCE,
    REPEATING,
    FOREVER;

    public static DiscountDuration fromApiName(String apiName) {
        return ApiNamed.parse(DiscountDuration.class, apiName, "unknown discount duration: ");
    }
}
