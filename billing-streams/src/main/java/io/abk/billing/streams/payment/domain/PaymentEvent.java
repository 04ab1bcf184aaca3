package io.abk.billing.streams.payment.domain;

/**
 * What happened to a payment, in order. {@link PaymentEvolver#evolve} folds them into the state. {@link Published}
 * events become public events ({@code payment.created}, {@code payment.paid}, {@code payment.reopened}); the
 * others are the aggregate's own bookkeeping, or, for {@link LinkConversionReported}, a message to the payment
 * link that minted it.
 */
public sealed interface PaymentEvent {

    /** An event the outside world sees on {@code billing.events}. */
    sealed interface Published extends PaymentEvent {}

    /** A payment came to be, open, with these details. */
    record PaymentCreated(PaymentDetails payment) implements Published {}

    /** A verification went to the chain side. */
    record VerificationRequested(Verification verification) implements PaymentEvent {}

    /** The chain side answered {@code requestId}: it is no longer in flight. */
    record VerificationClosed(String requestId) implements PaymentEvent {}

    record PaymentPaid(Receipt receipt) implements Published {}

    /**
     * The transfer that paid the payment is no longer on the chain (a reorganisation): open again, its receipt
     * gone. {@code failureCode} and {@code failureMessage} tell the merchant why.
     */
    record PaymentReopened(String txHash, String failureCode, String failureMessage) implements Published {}

    /** An open payment's expiry passed (no public event: the webhook event types have none). */
    record PaymentExpired() implements PaymentEvent {}

    /**
     * The customer's signed transfer authorization went to the relayer ({@code signed} is what it submits): the
     * payment's {@code authorization} is {@code authorization}, pending.
     */
    record AuthorizationRequested(TransferAuthorization authorization, SignedAuthorization signed)
            implements PaymentEvent {}

    /** The relayer answered the pending authorization: {@code authorization} is submitted or failed. */
    record AuthorizationSettled(TransferAuthorization authorization) implements PaymentEvent {}

    /**
     * A payment that knew no customer learnt its payer's {@code wallet} (lower case): the signer of the checkout's
     * transfer authorization, or the sender of the transfer that paid it. Its customer is that wallet's
     * ({@code customerId}); its terms, {@code customerWallet} included, do not change.
     */
    record PayerIdentified(String wallet, String customerId) implements PaymentEvent {}

    /** The payment tells its link it was paid, or reopened after being paid; the payment itself does not change. */
    record LinkConversionReported(LinkConversion conversion) implements PaymentEvent {}
}
