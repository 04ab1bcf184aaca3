package io.abk.billing.chain.domain.autosettle;

import io.abk.billing.contracts.ChargeId;

/**
 * The EIP-3009 nonce a one-time payment's authorization signs: keccak256 of the UTF-8 payment id, the same
 * derivation as a charge id from an invoice id.
 */
final class AuthorizationNonces {

    private AuthorizationNonces() {}

    static String of(String paymentId) {
        return ChargeId.of(paymentId);
    }
}
