package io.abk.billing.streams.payment.domain;

/**
 * The customer's signed EIP-3009 {@code transferWithAuthorization} of the payment's amount to its payout address, as
 * the checkout received and checked it: validity window in Unix seconds, the nonce (keccak256 of the payment id) and
 * the 65-byte signature, 0x hex. The aggregate keeps only the signer and hands the rest to the relayer.
 */
public record SignedAuthorization(
        String fromAddress, long validAfterSeconds, long validBeforeSeconds, String nonce, String signature) {}
