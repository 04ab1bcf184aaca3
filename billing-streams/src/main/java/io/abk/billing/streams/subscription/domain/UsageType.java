package io.abk.billing.streams.subscription.domain;

import io.abk.billing.schemas.render.ApiNamed;

/**
 * How an item of a subscription bills: {@code licensed}, its quantity each period in advance; {@code metered}, the
 * period's usage of its meter in arrears. The API name is also the wire name.
 */
public enum UsageType implements ApiNamed {
    LICENSED,
    METERED;

    /** The usage type named {@code apiName}; anything else is a bug upstream (the gateway validates). */
    public static UsageType fromApiName(String apiName) {
        return ApiNamed.parse(UsageType.class, apiName, "unknown usage type: ");
    }
}
