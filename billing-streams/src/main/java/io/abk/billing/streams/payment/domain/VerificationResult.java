package io.abk.billing.streams.payment.domain;

import io.abk.billing.schemas.money.UsdcAmount;

/** What the chain side answered for one verification: the transfer is there (with what it moved), or why not. */
public sealed interface VerificationResult {

    record Verified(String txHash, UsdcAmount amountReceived) implements VerificationResult {}

    /**
     * {@code code} is one of the verification failures (docs/architecture.md, "One-time payment"), e.g.
     * {@code PAYMENT_TX_ALREADY_USED}.
     */
    record Refused(String code, String message) implements VerificationResult {}
}
