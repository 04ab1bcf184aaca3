package io.abk.billing.chain.domain.relay;

import io.abk.billing.chain.domain.settlement.FailureCode;
import io.abk.billing.chain.domain.verification.VerificationFailure;

/** What the relayer did with one request, before it becomes a {@code ChainResult} on {@code chain.results}. */
public sealed interface RelayOutcome {

    /** The charge or refund moved the money in {@code txHash} (mined with status 1). */
    record Moved(String txHash) implements RelayOutcome {}

    /**
     * Nothing moved, or the transaction does not pay the payment; {@code code} is a {@link FailureCode} for a charge
     * or refund and a {@link VerificationFailure} for a verification.
     */
    record Refused(String code, String message) implements RelayOutcome {

        public static Refused of(FailureCode code, String message) {
            return new Refused(code.name(), message);
        }

        public static Refused of(VerificationFailure code, String message) {
            return new Refused(code.name(), message);
        }
    }

    /** The payment's transaction is a confirmed transfer of {@code amountReceivedMicros} to the payout address. */
    record Verified(String txHash, long amountReceivedMicros, String fromAddress) implements RelayOutcome {}

    /**
     * The relayer's own code threw: a bug, not an answer of the chain. Nothing is answered for the request (a bug
     * must not reach the customer as a failed payment); it goes to the dead-letter topic to be replayed once fixed.
     */
    record Bug(Throwable cause) implements RelayOutcome {}
}
