package io.abk.billing.chain.domain.settlement;

/**
 * The outcome of one settlement request: money moved with a transaction hash, a failure with its reason, or
 * {@link Relayed}: the mode's chain settles it, and the relayer's answer arrives later on {@code chain.results}.
 */
public sealed interface SettlementOutcome {

    /** The money moved; {@code txHash} is {@code 0x} and 64 lower-case hex digits. */
    record Succeeded(String txHash) implements SettlementOutcome {}

    /** Nothing moved; {@code message} is shown to the merchant as the invoice's {@code failureMessage}. */
    record Failed(FailureCode code, String message) implements SettlementOutcome {}

    /** The request is executed on the mode's chain by the relayer; nothing is answered now. */
    record Relayed() implements SettlementOutcome {}
}
