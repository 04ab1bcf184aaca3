package io.abk.billing.chain.domain.verification;

/**
 * Why a payment's transaction does not pay it, as the checkout's confirm shows it (DESIGN section 7, "One-time
 * payment"): the gateway answers 400 with this code and the message.
 */
public enum VerificationFailure {
    /** No chain can verify the transaction (live mode today), or the request could not be verified at all. */
    CHAIN_UNAVAILABLE,
    PAYMENT_TX_NOT_FOUND,
    PAYMENT_TX_REVERTED,
    PAYMENT_TX_NO_TRANSFER,
    PAYMENT_WRONG_RECIPIENT,
    PAYMENT_SHORT,
    /** The transaction already paid another payment or an invoice. */
    PAYMENT_TX_ALREADY_USED
}
