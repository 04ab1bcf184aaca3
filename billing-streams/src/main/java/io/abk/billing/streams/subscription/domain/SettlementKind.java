package io.abk.billing.streams.subscription.domain;

import io.abk.billing.schemas.render.ApiNamed;

/** What a settlement moves: a charge pulls an invoice's amount from the customer, a refund pays some back. */
public enum SettlementKind implements ApiNamed {
    CHARGE,
    REFUND;

    public static SettlementKind fromApiName(String apiName) {
        return ApiNamed.parse(SettlementKind.class, apiName, "unknown settlement kind: ");
    }
}
