package io.abk.billing.contracts;

/**
 * The EIP-3009 nonce of a payment's transfer authorization: keccak256 of the UTF-8 bytes of the payment id. The token
 * accepts each nonce of a payer once and names it in {@code AuthorizationUsed(authorizer, nonce)}, so the transfer
 * names its payment exactly, whatever its amount and sender.
 */
public final class AuthorizationNonce {

    private AuthorizationNonce() {}

    /** {@code 0x} and 64 lower-case hex digits. */
    public static String of(String paymentId) {
        return Abi.keccakUtf8(paymentId);
    }
}
