package io.abk.billing.streams.subscription.domain;

import java.util.Arrays;

/** How often a subscription bills. The API name is also the wire name. */
public enum Interval {
    MONTH("month"),
    YEAR("year");

    private final String apiName;

    Interval(String apiName) {
        this.apiName = apiName;
    }

    public String apiName() {
        return apiName;
    }

    /** The interval named {@code apiName}; anything else is a bug upstream (the gateway validates). */
    public static Interval fromApiName(String apiName) {
        return Arrays.stream(values())
                .filter(interval -> interval.apiName.equals(apiName))
                .findFirst()
                .orElseThrow(() -> new IllegalArgumentException("unknown interval: " + apiName));
    }
}
