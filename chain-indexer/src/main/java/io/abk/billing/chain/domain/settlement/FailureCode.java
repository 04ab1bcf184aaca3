package io.abk.billing.chain.domain.settlement;

import java.util.Arrays;
import java.util.Optional;

/**
 * Why a settlement failed, as the API shows it in {@code invoice.failureCode} (and a signed mandate's or transfer
 * authorization's {@code failureCode})
 * (docs/architecture.md, "Charge retries (dunning)"). The sandbox simulates the first two; the relayer finds every one
 * of them on chain, before sending (a preflight of the vault's state, the customer's balance and allowance) or from the
 * vault's revert.
 */
public enum FailureCode {
    /** The customer's wallet holds less than the amount. */
    INSUFFICIENT_BALANCE,
    /** The customer's allowance to the vault is zero: revoked, or never given. */
    ALLOWANCE_REVOKED,
    /** The customer's allowance to the vault is above zero but below the amount: it ran down. */
    ALLOWANCE_TOO_LOW,
    /** No subscription with this reference in the vault (never subscribed, or not yet). */
    MANDATE_INACTIVE,
    /** The vault's subscription was canceled: by the customer's wallet, or by the customer's signed cancel. */
    MANDATE_REVOKED,
    /** A charge above the amount per period the customer signed: the vault refuses it. */
    AMOUNT_ABOVE_MANDATE,
    /**
     * The vault refuses this charge because the period it would pay has not begun on chain: every period the
     * customer's mandate has reached is paid already (for example after a resume within a paid period).
     */
    PERIOD_NOT_STARTED,
    /** A refund the merchant's payout address cannot fund: its balance or its allowance to the vault is short. */
    MERCHANT_FUNDS_UNAVAILABLE,
    /** A signature's deadline (a signed mandate's terms or permit) has passed. */
    SIGNATURE_EXPIRED,
    /** A signature does not recover to the customer, or is malformed (length, v, high s). */
    SIGNATURE_INVALID,
    /** The signed terms' nonce was used already by this customer: a replay. */
    SIGNATURE_NONCE_USED,
    /** The EIP-2612 permit failed and the allowance it was to set is not in place. */
    PERMIT_FAILED,
    /** The subscription's reference is used on the vault already: someone subscribed it. */
    MANDATE_EXISTS,
    /** A charge beyond the periods the customer signed: the vault refuses it. */
    MANDATE_EXHAUSTED,
    /** A transfer authorization's {@code validBefore} has passed. */
    AUTHORIZATION_EXPIRED,
    /** A transfer authorization's {@code validAfter} has not been reached. */
    AUTHORIZATION_NOT_YET_VALID,
    /** A transfer authorization's nonce was used (or canceled) on the token already. */
    AUTHORIZATION_USED,
    /** Anything else: no chain, a fee above the caps, an RPC failure, a transaction that never got mined. */
    RELAYER_ERROR;

    /** The code named {@code name} exactly, if this enum has it. */
    public static Optional<FailureCode> parse(String name) {
        return Arrays.stream(values()).filter(code -> code.name().equals(name)).findFirst();
    }
}
