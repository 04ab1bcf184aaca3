package io.abk.billing.chain.domain.verification;

/**
 * The outcome of verifying a payment's transaction. {@link Answer}s are final; {@link PaidIfUnclaimed} still
 * needs the transaction's claim ({@link TxClaims}): it pays the payment only if no other payment or invoice has
 * used that hash.
 */
public sealed interface VerificationOutcome {

    /** A final outcome, sent back to the payment as it is. */
    sealed interface Answer extends VerificationOutcome {}

    /**
     * The payment is paid by {@code txHash} ({@code 0x} and 64 lower-case hex digits), which carried
     * {@code amountReceivedMicros} (at least the payment's amount).
     */
    record Paid(String txHash, long amountReceivedMicros) implements Answer {}

    /** Nothing paid the payment; {@code message} is shown to the customer with the code. */
    record Failed(VerificationFailure code, String message) implements Answer {}

    /** The transfer pays the payment, unless its hash has already paid another payment or invoice. */
    record PaidIfUnclaimed(String txHash, long amountReceivedMicros) implements VerificationOutcome {}

    /** The transaction is verified on the mode's chain by the relayer, which answers on {@code chain.results}. */
    record Relayed() implements VerificationOutcome {}
}
