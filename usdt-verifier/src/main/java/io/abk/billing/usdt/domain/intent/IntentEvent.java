package io.abk.billing.usdt.domain.intent;

/**
 * What happened to an intent. {@link Published} events become {@code payment.confirmed} on usdt.events; the others
 * are bookkeeping.
 */
public sealed interface IntentEvent {

    /** An event the outside sees. */
    sealed interface Published extends IntentEvent {
        IntentDetails details();

        Confirmation confirmation();
    }

    record IntentCreated(IntentDetails details) implements IntentEvent {}

    /** A matching transaction's hash is claimed for the intent. */
    record ClaimRequested(PendingClaim claim) implements IntentEvent {}

    /** The hash was held by another intent: the intent is open as before. */
    record ClaimRefused(String txHash) implements IntentEvent {}

    /** The claim was granted: the intent is paid. */
    record IntentConfirmed(IntentDetails details, Confirmation confirmation) implements Published {}

    record IntentExpired() implements IntentEvent {}

    /** The sandbox's test event: published, with no intent behind it. */
    record TestPaymentConfirmed(IntentDetails details, Confirmation confirmation) implements Published {}
}
