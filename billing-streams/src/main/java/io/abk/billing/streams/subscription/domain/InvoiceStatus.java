package io.abk.billing.streams.subscription.domain;

import io.abk.billing.schemas.render.ApiNamed;

/**
 * Invoice statuses (docs/architecture.md, "Invoice"): open -> paid | void | uncollectible; uncollectible -> paid;
 * paid -> refunded; paid -> open when the charge that paid it is reorged out of the chain.
 */
public enum InvoiceStatus implements ApiNamed {
    OPEN,
    PAID,
    VOID,
    UNCOLLECTIBLE,
    REFUNDED;

    public static InvoiceStatus fromApiName(String apiName) {
        return ApiNamed.parse(InvoiceStatus.class, apiName, "unknown invoice status: ");
    }
}
