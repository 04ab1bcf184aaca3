package io.abk.billing.streams.subscription.domain;

import io.abk.billing.schemas.render.ApiNamed;

/** Whether the customer's on-chain permission to charge exists: pending until activation, revoked by a cancel. */
public enum MandateStatus implements ApiNamed {
    PENDING,
    ACTIVE,
    REVOKED;

    public static MandateStatus fromApiName(String apiName) {
        return ApiNamed.parse(MandateStatus.class, apiName, "unknown mandate status: ");
    }
}
