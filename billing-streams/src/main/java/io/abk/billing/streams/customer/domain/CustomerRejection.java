package io.abk.billing.streams.customer.domain;

/** Why a customer command was refused, with the API error code the gateway answers with. */
public enum CustomerRejection {
    /** Create of a wallet that has a customer already (its id is the wallet's, so it is the same aggregate). */
    CUSTOMER_EXISTS("customer_exists"),
    /** No such customer, or another merchant's or mode's. */
    RESOURCE_MISSING("resource_missing"),
    /** An update that would leave more metadata keys than a customer holds. */
    UPDATE_FAILED("customer_update_failed");

    private final String code;

    CustomerRejection(String code) {
        this.code = code;
    }

    /** The snake_case code of the API's error body. */
    public String code() {
        return code;
    }
}
