package io.abk.billing.streams.usage;

import io.abk.billing.schemas.ids.MeterEvents;

/** The one merchant of the usage integration tests, and its customer {@code n}'s ids and record key. */
final class UsageCustomers {

    static final String MERCHANT = "mer_01jq0000000000000000000000";

    private UsageCustomers() {}

    static String customerId(int customer) {
        return "cus_01jq00000000000000000%05d".formatted(customer);
    }

    /** The id of customer {@code n}'s one subscription. */
    static String subscription(int customer) {
        return "sub_01jq00000000000000000%05d".formatted(customer);
    }

    /** The key of customer {@code n}'s meter events and usage commands ({@link MeterEvents#key}). */
    static String key(int customer) {
        return MeterEvents.key(MERCHANT, "test", customerId(customer));
    }
}
