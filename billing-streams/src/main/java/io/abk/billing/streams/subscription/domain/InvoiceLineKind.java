package io.abk.billing.streams.subscription.domain;

import io.abk.billing.schemas.render.ApiNamed;

/**
 * What a line of an invoice bills (docs/architecture.md, "Invoice"): the plan for a period, a proration of a plan
 * change (a charge or a credit), a discount (always taken off), or metered usage.
 */
public enum InvoiceLineKind implements ApiNamed {
    SUBSCRIPTION,
    PRORATION,
    DISCOUNT,
    USAGE;

    public static InvoiceLineKind fromApiName(String apiName) {
        return ApiNamed.parse(InvoiceLineKind.class, apiName, "unknown invoice line kind: ");
    }
}
