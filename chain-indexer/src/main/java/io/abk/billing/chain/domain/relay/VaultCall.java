package io.abk.billing.chain.domain.relay;

/**
 * Which vault call reverted: the token's errors mean the customer's wallet for a charge (and a signed mandate's first
 * charge), the merchant's for a refund.
 */
public enum VaultCall {
    CHARGE,
    REFUND,
    /** {@code subscribeBySignature}: a signed mandate, with its first charge when one is due. */
    SUBSCRIBE
}
