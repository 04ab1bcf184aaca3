package io.abk.billing.streams.subscription.domain;

import io.abk.billing.schemas.render.ApiNamed;

/** Why an invoice was created: the first period, a renewal, or the new period that a resume starts. */
public enum BillingReason implements ApiNamed {
    SUBSCRIPTION_CREATE,
    SUBSCRIPTION_CYCLE,
    SUBSCRIPTION_RESUME;

    public static BillingReason fromApiName(String apiName) {
        return ApiNamed.parse(BillingReason.class, apiName, "unknown billing reason: ");
    }
}
