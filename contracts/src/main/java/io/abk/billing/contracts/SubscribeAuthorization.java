package io.abk.billing.contracts;

import java.math.BigInteger;
import java.time.Instant;

/**
 * The subscription terms a customer signs for {@code SubscriptionVault.subscribeBySignature} (EIP-712 type
 * {@code SubscribeAuthorization} in the vault's domain, see {@link VaultSignatures}). Addresses and words any case
 * in, lower case kept; times whole seconds.
 *
 * @param ref {@link SubscriptionRef#of} the subscription id
 * @param amount the most one period's charge may be, in the token's base units
 * @param periods how many charges the mandate allows ({@code maxCharges} on chain)
 * @param deadline the last second at which the relayer may submit the terms
 * @param nonce 32 random bytes: the vault accepts each nonce of a customer once
 */
public record SubscribeAuthorization(
        String ref,
        String customer,
        String merchant,
        String token,
        BigInteger amount,
        int periodMonths,
        Instant firstChargeAt,
        long periods,
        Instant deadline,
        String nonce) {

    private static final long MAX_UINT32 = 0xFFFF_FFFFL;

    public SubscribeAuthorization {
        ref = EvmHex.word(ref, "ref");
        customer = EvmHex.address(customer, "customer");
        merchant = EvmHex.address(merchant, "merchant");
        token = EvmHex.address(token, "token");
        Abi.requireUnsigned(amount, "amount");
        if (periodMonths < 0 || periodMonths > 0xFFFF) {
            throw new IllegalArgumentException("periodMonths must fit a uint16, was " + periodMonths);
        }
        Abi.epochSeconds(firstChargeAt, "firstChargeAt");
        if (periods < 0 || periods > MAX_UINT32) {
            throw new IllegalArgumentException("periods must fit a uint32, was " + periods);
        }
        Abi.epochSeconds(deadline, "deadline");
        nonce = EvmHex.word(nonce, "nonce");
    }
}
