package io.abk.billing.streams.subscription.domain;

import java.util.Arrays;

/** Whether the customer's on-chain permission to charge exists: pending until activation, revoked by a cancel. */
public enum MandateStatus {
    PENDING("pending"),
    ACTIVE("active"),
    REVOKED("revoked");

    private final String apiName;

    MandateStatus(String apiName) {
        this.apiName = apiName;
    }

    public String apiName() {
        return apiName;
    }

    public static MandateStatus fromApiName(String apiName) {
        return Arrays.stream(values())
                .filter(status -> status.apiName.equals(apiName))
                .findFirst()
                .orElseThrow(() -> new IllegalArgumentException("unknown mandate status: " + apiName));
    }
}
