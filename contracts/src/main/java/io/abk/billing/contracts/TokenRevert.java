package io.abk.billing.contracts;

/**
 * Why a call to a FiatToken v2 (USDC) or the test token reverted, decoded by {@link PermitTokenAbi#decodeRevert}:
 * FiatToken reverts with {@code Error(string)} messages, which {@link Reason} names; the test token's custom balance
 * error counts as {@link Reason#INSUFFICIENT_BALANCE} too.
 *
 * @param message the token's message, or the revert data when it had none
 */
public record TokenRevert(Reason reason, String message) {

    public enum Reason {
        /** "FiatTokenV2: permit is expired". */
        PERMIT_EXPIRED,
        /** "EIP2612: invalid signature": a well-formed permit signature of another signer or other values. */
        PERMIT_INVALID_SIGNATURE,
        /** "FiatTokenV2: authorization is not yet valid". */
        AUTHORIZATION_NOT_YET_VALID,
        /** "FiatTokenV2: authorization is expired". */
        AUTHORIZATION_EXPIRED,
        /** "FiatTokenV2: authorization is used or canceled". */
        AUTHORIZATION_USED,
        /** "FiatTokenV2: invalid signature": an authorization signed by another signer or for other values. */
        AUTHORIZATION_INVALID_SIGNATURE,
        /** "ECRecover: ..." (length, v, s, no signer): a malformed signature of a permit or an authorization. */
        MALFORMED_SIGNATURE,
        /** "FiatTokenV2: caller must be the payee" (receiveWithAuthorization). */
        CALLER_NOT_PAYEE,
        /** USDC's "ERC20: transfer amount exceeds balance" or the test token's {@code InsufficientBalance}. */
        INSUFFICIENT_BALANCE,
        /** "Pausable: paused". */
        PAUSED,
        /** "Blacklistable: account is blacklisted". */
        BLACKLISTED,
        /** Anything else, kept in the message. */
        UNKNOWN
    }
}
