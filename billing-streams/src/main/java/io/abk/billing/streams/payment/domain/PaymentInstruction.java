package io.abk.billing.streams.payment.domain;

import io.abk.billing.schemas.money.UsdcAmount;
import io.abk.billing.streams.shared.domain.RelayerOutcome;
import io.abk.billing.streams.shared.domain.Tenant;
import java.time.Instant;
import org.jspecify.annotations.Nullable;

/**
 * What a payment aggregate can be asked to do. Each command carries {@code requestedAt}, the effective now of its
 * mode when it was issued (the decider's only clock), and its {@link Tenant}: every command but create must name
 * the payment's own merchant and mode.
 */
public sealed interface PaymentInstruction {

    String paymentId();

    Tenant tenant();

    Instant requestedAt();

    /** Create an open payment; the gateway (or a payment link's open) resolved the terms and minted the id. */
    record Create(String paymentId, Tenant tenant, Instant requestedAt, PaymentTerms terms)
            implements PaymentInstruction {}

    /** The customer says the transfer was sent: verify {@code txHash} (none: the sandbox pays with its own). */
    record Confirm(
            String paymentId,
            Tenant tenant,
            Instant requestedAt,
            @Nullable String txHash) implements PaymentInstruction {}

    /** The chain side's answer to verification {@code requestId}; {@code requestedAt} is the request's. */
    record Settle(String paymentId, Tenant tenant, Instant requestedAt, String requestId, VerificationResult result)
            implements PaymentInstruction {}

    /** The payment's expiry is due (the scheduler). */
    record Expire(String paymentId, Tenant tenant, Instant requestedAt) implements PaymentInstruction {}

    /**
     * The chain side saw a confirmed transfer {@code transferId} ({@code chainId:txHash:logIndex}) that matches this
     * payment, and pays it without a confirm; {@code requestedAt} is the time the match was made.
     * {@code authorizationNonce}: the EIP-3009 nonce that named the payment exactly (the transfer was a signed
     * authorization); it pays the same way.
     */
    record PayFromChain(
            String paymentId,
            Tenant tenant,
            Instant requestedAt,
            String transferId,
            String txHash,
            String fromAddress,
            UsdcAmount amountReceived,
            @Nullable String authorizationNonce)
            implements PaymentInstruction {}

    /**
     * Checkout: the customer signed an EIP-3009 transfer authorization of the payment's amount to its payout address;
     * the gateway checked it. An open or expired payment hands it to the relayer.
     */
    record SubmitTransferAuthorization(String paymentId, Tenant tenant, Instant requestedAt, SignedAuthorization signed)
            implements PaymentInstruction {}

    /** The relayer's answer to transfer authorization {@code requestId}; {@code requestedAt} is the request's. */
    record SettleTransferAuthorization(
            String paymentId, Tenant tenant, Instant requestedAt, String requestId, RelayerOutcome outcome)
            implements PaymentInstruction {}

    /** The confirmed transfer {@code txHash} was reorged out of the chain: what it paid is no longer paid. */
    record ReversePayment(String paymentId, Tenant tenant, Instant requestedAt, String transferId, String txHash)
            implements PaymentInstruction {}
}
