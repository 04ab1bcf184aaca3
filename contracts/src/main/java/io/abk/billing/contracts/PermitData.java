package io.abk.billing.contracts;

import java.math.BigInteger;

/**
 * The customer's EIP-2612 permit for the vault, as {@code subscribeBySignature} takes it: the allowance, the
 * permit's deadline and its 65-byte signature (see {@link Eip2612#permit}).
 *
 * @param deadline seconds since the epoch, or 2^256 - 1 for no expiry
 * @param signature {@code 0x} and 130 hex digits, r ‖ s ‖ v
 */
public record PermitData(BigInteger value, BigInteger deadline, String signature) {

    public PermitData {
        Abi.requireUnsigned(value, "value");
        Abi.requireUnsigned(deadline, "deadline");
        signature = Signatures.requireWellFormed(signature);
    }
}
