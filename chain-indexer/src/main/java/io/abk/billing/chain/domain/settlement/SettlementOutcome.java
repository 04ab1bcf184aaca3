package io.abk.billing.chain.domain.settlement;

import org.jspecify.annotations.Nullable;

/**
 * The outcome of one settlement request: money moved with a transaction hash, a failure with its reason, or
 * {@link Relayed}: the mode's chain settles it, and the relayer's answer arrives later on {@code chain.results}.
 */
public sealed interface SettlementOutcome {

    /**
     * The money moved; {@code txHash} is {@code 0x} and 64 lower-case hex digits. {@code gas}: what the relayer's
     * transaction cost (null in the sandbox, or when the relayer could not read it).
     */
    record Succeeded(String txHash, @Nullable TransactionGas gas) implements SettlementOutcome {

        public Succeeded(String txHash) {
            this(txHash, null);
        }
    }

    /**
     * Nothing moved; {@code message} is shown to the merchant as the invoice's {@code failureMessage}. {@code gas}:
     * the relayer's transaction was mined and reverted, and cost this (null when none was).
     */
    record Failed(
            FailureCode code, String message, @Nullable TransactionGas gas) implements SettlementOutcome {

        public Failed(FailureCode code, String message) {
            this(code, message, null);
        }
    }

    /** The request is executed on the mode's chain by the relayer; nothing is answered now. */
    record Relayed() implements SettlementOutcome {}
}
