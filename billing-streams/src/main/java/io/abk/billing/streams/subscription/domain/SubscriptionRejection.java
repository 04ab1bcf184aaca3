package io.abk.billing.streams.subscription.domain;

/**
 * Why a command was refused. Each reason carries the API error code the gateway answers with (HTTP 400 unless
 * the gateway maps it otherwise, e.g. 404 for {@link #RESOURCE_MISSING}).
 */
public enum SubscriptionRejection {
    /** Create under an id that is already taken. */
    SUBSCRIPTION_EXISTS("resource_already_exists"),
    /** No such subscription, or another merchant's or mode's, or an invoice it does not hold. */
    RESOURCE_MISSING("resource_missing"),
    /** Activate or complete of a subscription that is not incomplete with a pending mandate. */
    ACTIVATE_FAILED("subscription_activate_failed"),
    CANCEL_FAILED("subscription_cancel_failed"),
    RESUME_FAILED("subscription_resume_failed"),
    PAUSE_FAILED("subscription_pause_failed"),
    /** PATCH, or an on-chain mandate revocation, of a canceled subscription. */
    UPDATE_FAILED("subscription_update_failed"),
    /** An amount above what the customer's mandate lets the vault charge per period. */
    AMOUNT_ABOVE_MANDATE("amount_above_mandate"),
    /** Charge of an invoice that is not open or uncollectible, or whose charge is still in flight. */
    INVOICE_NOT_CHARGEABLE("invoice_not_chargeable"),
    INVOICE_NOT_VOIDABLE("invoice_not_voidable"),
    /** A discount applied to an incomplete subscription whose first invoice is being charged: it cannot be re-priced. */
    INVOICE_IN_FLIGHT("invoice_in_flight"),
    /** Refund of an invoice that is not paid, or has nothing left to refund. */
    INVOICE_NOT_REFUNDABLE("invoice_not_refundable"),
    /** Refund of more than is left to refund. */
    AMOUNT_TOO_LARGE("amount_too_large"),
    /** Settlement could not make the refund. */
    REFUND_FAILED("refund_failed"),
    /** A settlement result for no request in flight, or one that does not match it: a bug upstream. */
    SETTLEMENT_UNKNOWN("settlement_unknown");

    private final String code;

    SubscriptionRejection(String code) {
        this.code = code;
    }

    /** The snake_case code of the API's error body. */
    public String code() {
        return code;
    }
}
