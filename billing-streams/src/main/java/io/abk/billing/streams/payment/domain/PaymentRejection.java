package io.abk.billing.streams.payment.domain;

/** Why a payment command was refused, with the API error code the gateway answers with. */
public enum PaymentRejection {
    /** Create under an id that is already taken. */
    RESOURCE_EXISTS("resource_already_exists"),
    /** No such payment, or another merchant's or mode's. */
    RESOURCE_MISSING("resource_missing"),
    /**
     * Confirm of a canceled payment; a transfer authorization for a paid or canceled payment, or while another is
     * pending or submitted.
     */
    NOT_CONFIRMABLE("payment_not_confirmable"),
    /** A verification result for no verification in flight, or another one: a bug upstream, or a late repeat. */
    SETTLEMENT_UNKNOWN("settlement_unknown");

    private final String code;

    PaymentRejection(String code) {
        this.code = code;
    }

    /** The snake_case code of the API's error body. */
    public String code() {
        return code;
    }
}
