package io.abk.billing.streams.shared.domain;

import org.jspecify.annotations.Nullable;

/**
 * What the relayer answered for one signature it was asked to submit: the transaction it sent and its gas, or why
 * nothing was sent (or what was sent reverted, whose gas the relayer paid all the same).
 */
public sealed interface RelayerOutcome {

    record Submitted(String txHash, @Nullable RelayerGas gas) implements RelayerOutcome {}

    record NotSubmitted(
            String failureCode,
            String failureMessage,
            @Nullable RelayerGas gas) implements RelayerOutcome {}

    /** A success names its transaction, a failure its code (the message defaults to the code); else it throws. */
    static RelayerOutcome of(
            String commandId,
            boolean succeeded,
            @Nullable String txHash,
            @Nullable String failureCode,
            @Nullable String failureMessage,
            @Nullable RelayerGas gas) {
        if (succeeded) {
            if (txHash == null) {
                throw new IllegalArgumentException("relayer result " + commandId + " succeeded without a txHash");
            }
            return new Submitted(txHash, gas);
        }
        if (failureCode == null) {
            throw new IllegalArgumentException("relayer result " + commandId + " failed without a failureCode");
        }
        return new NotSubmitted(failureCode, failureMessage != null ? failureMessage : failureCode, gas);
    }
}
