package io.abk.billing.chain.domain.settlement;

import java.util.Arrays;
import java.util.Optional;

/**
 * Why a settlement failed, as the API shows it in {@code invoice.failureCode}
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
    /** No subscription with this reference in the vault, or it was canceled there. */
    MANDATE_INACTIVE,
    /**
     * The vault refuses this charge because the period it would pay has not begun on chain: every period the
     * customer's mandate has reached is paid already (for example after a resume within a paid period).
     */
    PERIOD_NOT_STARTED,
    /** A refund the merchant's payout address cannot fund: its balance or its allowance to the vault is short. */
    MERCHANT_FUNDS_UNAVAILABLE,
    /** Anything else: no chain, a fee above the caps, an RPC failure, a transaction that never got mined. */
    RELAYER_ERROR;

    /** The code named {@code name} exactly, if this enum has it. */
    public static Optional<FailureCode> parse(String name) {
        return Arrays.stream(values()).filter(code -> code.name().equals(name)).findFirst();
    }
}
