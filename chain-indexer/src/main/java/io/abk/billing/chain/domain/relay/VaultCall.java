package io.abk.billing.chain.domain.relay;

/** Which vault call reverted: the token's errors mean the customer's wallet for a charge, the merchant's for a refund. */
public enum VaultCall {
    CHARGE,
    REFUND
}
