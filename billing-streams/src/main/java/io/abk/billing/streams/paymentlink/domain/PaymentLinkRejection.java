package io.abk.billing.streams.paymentlink.domain;

/** Why a payment link command was refused, with the API error code the gateway answers with. */
public enum PaymentLinkRejection {
    /** Create under an id that is already taken. */
    RESOURCE_EXISTS("resource_already_exists"),
    /** No such link, or another merchant's or mode's. */
    RESOURCE_MISSING("resource_missing"),
    /** Open of a disabled, expired or used-up link, or without a detail the link collects. */
    PAYMENT_LINK_ERROR("payment_link_error");

    private final String code;

    PaymentLinkRejection(String code) {
        this.code = code;
    }

    /** The snake_case code of the API's error body. */
    public String code() {
        return code;
    }
}
