package io.abk.billing.streams.subscription.domain;

import io.abk.billing.schemas.render.ApiNamed;

/** How often a subscription bills. The API name is also the wire name. */
public enum Interval implements ApiNamed {
    MONTH,
    YEAR;

    /** The interval named {@code apiName}; anything else is a bug upstream (the gateway validates). */
    public static Interval fromApiName(String apiName) {
        return ApiNamed.parse(Interval.class, apiName, "unknown interval: ");
    }
}
