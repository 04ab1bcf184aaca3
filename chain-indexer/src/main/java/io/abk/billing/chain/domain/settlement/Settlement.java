package io.abk.billing.chain.domain.settlement;

/** The outcome of one settlement request: money moved with a transaction hash, or a failure with its reason. */
public sealed interface Settlement {

    /** The money moved; {@code txHash} is {@code 0x} and 64 lower-case hex digits. */
    record Succeeded(String txHash) implements Settlement {
    }

    /** Nothing moved; {@code message} is shown to the merchant as the invoice's {@code failureMessage}. */
    record Failed(FailureCode code, String message) implements Settlement {
    }
}
