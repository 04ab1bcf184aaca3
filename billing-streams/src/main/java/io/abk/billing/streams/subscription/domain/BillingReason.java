package io.abk.billing.streams.subscription.domain;

import java.util.Arrays;

/** Why an invoice was created: the first period, a renewal, or the new period that a resume starts. */
public enum BillingReason {
    SUBSCRIPTION_CREATE("subscription_create"),
    SUBSCRIPTION_CYCLE("subscription_cycle"),
    SUBSCRIPTION_RESUME("subscription_resume");

    private final String apiName;

    BillingReason(String apiName) {
        this.apiName = apiName;
    }

    public String apiName() {
        return apiName;
    }

    public static BillingReason fromApiName(String apiName) {
        return Arrays.stream(values())
                .filter(reason -> reason.apiName.equals(apiName))
                .findFirst()
                .orElseThrow(() -> new IllegalArgumentException("unknown billing reason: " + apiName));
    }
}
