package io.abk.billing.chain.domain.relay;

import io.abk.billing.chain.domain.funding.FundingOutcome;
import io.abk.billing.chain.domain.settlement.FailureCode;
import io.abk.billing.chain.domain.settlement.TransactionGas;
import io.abk.billing.chain.domain.verification.VerificationFailure;
import org.jspecify.annotations.Nullable;

/** What the relayer did with one request, before it becomes a {@code ChainResult} on {@code chain.results}. */
public sealed interface RelayOutcome {

    /**
     * The charge or refund moved the money in {@code txHash} (mined with status 1); a signed mandate or transfer
     * authorization was submitted in it. {@code gas}: what that transaction cost, once its receipt was read (null
     * until then, or for an original transaction no longer found).
     */
    record Moved(String txHash, @Nullable TransactionGas gas) implements RelayOutcome {

        public Moved(String txHash) {
            this(txHash, null);
        }
    }

    /**
     * Nothing moved, or the transaction does not pay the payment; {@code code} is a {@link FailureCode} for a charge
     * or refund and a {@link VerificationFailure} for a verification. {@code gas}: the relayer's own transaction was
     * mined and reverted, and this is what it paid for it (null when nothing of the relayer's was mined).
     */
    record Refused(String code, String message, @Nullable TransactionGas gas) implements RelayOutcome {

        public Refused(String code, String message) {
            this(code, message, null);
        }

        public static Refused of(FailureCode code, String message) {
            return new Refused(code.name(), message);
        }

        public static Refused of(VerificationFailure code, String message) {
            return new Refused(code.name(), message);
        }

        /** The same refusal, for a transaction of the relayer's that was mined and reverted: its gas was paid. */
        public Refused withGas(TransactionGas paid) {
            return new Refused(code, message, paid);
        }
    }

    /** The payment's transaction is a confirmed transfer of {@code amountReceivedMicros} to the payout address. */
    record Verified(String txHash, long amountReceivedMicros, String fromAddress) implements RelayOutcome {}

    /**
     * A funding check's answer: the figures read from the chain ({@link FundingOutcome.Checked}), or why it could not
     * be read ({@link FundingOutcome.Unchecked}). It goes to the subscription itself, not to {@code chain.results}.
     */
    record FundingRead(FundingOutcome answer) implements RelayOutcome {

        public FundingRead {
            if (answer instanceof FundingOutcome.Relayed) {
                throw new IllegalArgumentException("a funding check read by the relayer is checked or unchecked");
            }
        }
    }

    /**
     * The relayer's own code threw: a bug, not an answer of the chain. Nothing is answered for the request (a bug
     * must not reach the customer as a failed payment); it goes to the dead-letter topic to be replayed once fixed.
     */
    record Bug(Throwable cause) implements RelayOutcome {}
}
