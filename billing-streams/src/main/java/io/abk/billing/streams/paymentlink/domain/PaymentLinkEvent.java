package io.abk.billing.streams.paymentlink.domain;

import java.time.Instant;

/**
 * What happened to a payment link, in order; {@link PaymentLinkEvolver#evolve} folds them into the state. None is
 * public (the webhook event types have no link events): the outside learns from the link's snapshot, and from the
 * {@code payment.created} of the payment an open mints.
 */
public sealed interface PaymentLinkEvent {

    record PaymentLinkCreated(PaymentLinkDetails link) implements PaymentLinkEvent {}

    /** One more use, minting {@code payment}. */
    record PaymentLinkOpened(MintedPayment payment) implements PaymentLinkEvent {}

    /** Its {@code expiresAt} passed, or the open just recorded took its last use. */
    record PaymentLinkExpired() implements PaymentLinkEvent {}

    record PaymentLinkDisabled(Instant disabledAt) implements PaymentLinkEvent {}

    /** A payment it minted was paid. */
    record LinkPaymentRecorded(String paymentId) implements PaymentLinkEvent {}

    /** A payment it minted, counted as paid, was reopened: it no longer counts as paid. */
    record LinkPaymentReopened(String paymentId) implements PaymentLinkEvent {}
}
