package io.abk.billing.chain.domain.verification;

/**
 * Why a payment's transaction does not pay it, as the checkout's confirm shows it
 * (docs/architecture.md, "One-time payment"): the gateway answers 400 with this code and the message.
 */
public enum VerificationFailure {
    /** No chain can verify the transaction (no chain configured for the mode), or the chain could not be reached. */
    CHAIN_UNAVAILABLE,
    PAYMENT_TX_NOT_FOUND,
    PAYMENT_TX_REVERTED,
    PAYMENT_TX_NO_TRANSFER,
    PAYMENT_WRONG_RECIPIENT,
    PAYMENT_SHORT,
    /** The transfer comes from another wallet than the payment's customer wallet. */
    PAYMENT_WRONG_SENDER,
    /** The transaction is mined but not yet as deep as the chain's confirmation depth: confirm again shortly. */
    PAYMENT_PENDING_CONFIRMATIONS,
    /** The transaction already paid another payment or an invoice. */
    PAYMENT_TX_ALREADY_USED,
    /** Live mode: the transaction was mined before the payment was created, so it paid for something else. */
    PAYMENT_TX_TOO_OLD;

    /** The failure named {@code name} exactly, if this enum has it. */
    public static java.util.Optional<VerificationFailure> parse(String name) {
        return java.util.Arrays.stream(values())
                .filter(code -> code.name().equals(name))
                .findFirst();
    }
}
