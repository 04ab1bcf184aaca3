package io.abk.billing.streams.subscription.domain;

import java.util.Arrays;

/** What a settlement moves: a charge pulls an invoice's amount from the customer, a refund pays some back. */
public enum SettlementKind {
    CHARGE("charge"),
    REFUND("refund");

    private final String wireName;

    SettlementKind(String wireName) {
        this.wireName = wireName;
    }

    public String wireName() {
        return wireName;
    }

    public static SettlementKind fromWireName(String wireName) {
        return Arrays.stream(values())
                .filter(kind -> kind.wireName.equals(wireName))
                .findFirst()
                .orElseThrow(() -> new IllegalArgumentException("unknown settlement kind: " + wireName));
    }
}
