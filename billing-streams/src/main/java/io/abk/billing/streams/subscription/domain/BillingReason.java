package io.abk.billing.streams.subscription.domain;

import io.abk.billing.schemas.render.ApiNamed;

/**
 * Why an invoice was created: the first period, a renewal, the new period that a resume starts, or a change of amount
 * invoiced at once ({@code always_invoice}) for the rest of the period.
 */
public enum BillingReason implements ApiNamed {
    SUBSCRIPTION_CREATE,
    SUBSCRIPTION_CYCLE,
    SUBSCRIPTION_RESUME,
    SUBSCRIPTION_UPDATE;

    public static BillingReason fromApiName(String apiName) {
        return ApiNamed.parse(BillingReason.class, apiName, "unknown billing reason: ");
    }
}
