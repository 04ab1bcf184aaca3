package io.abk.billing.streams.subscription.domain;

import java.util.Arrays;

/**
 * Invoice statuses (docs/architecture.md, "Invoice"): open -> paid | void | uncollectible; uncollectible -> paid;
 * paid -> refunded; paid -> open when the charge that paid it is reorged out of the chain.
 */
public enum InvoiceStatus {
    OPEN("open"),
    PAID("paid"),
    VOID("void"),
    UNCOLLECTIBLE("uncollectible"),
    REFUNDED("refunded");

    private final String apiName;

    InvoiceStatus(String apiName) {
        this.apiName = apiName;
    }

    public String apiName() {
        return apiName;
    }

    public static InvoiceStatus fromApiName(String apiName) {
        return Arrays.stream(values())
                .filter(status -> status.apiName.equals(apiName))
                .findFirst()
                .orElseThrow(() -> new IllegalArgumentException("unknown invoice status: " + apiName));
    }
}
