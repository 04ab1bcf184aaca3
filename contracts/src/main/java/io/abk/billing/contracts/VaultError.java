package io.abk.billing.contracts;

import java.math.BigInteger;
import java.time.Instant;

/**
 * Why a vault call reverted, decoded from revert data by {@link SubscriptionVaultAbi#decodeError}: the vault's
 * custom errors, the test token's (which the vault passes through from a failed {@code transferFrom}), and
 * {@link Unknown} for anything else (a panic, another token's message, empty data).
 */
public sealed interface VaultError {

    record NotRelayer() implements VaultError {}

    record NotCustomerOrRelayer() implements VaultError {}

    record NotMerchantOrRelayer() implements VaultError {}

    record RefAlreadyUsed(String ref) implements VaultError {}

    record UnknownSubscription(String ref) implements VaultError {}

    record SubscriptionIsCanceled(String ref) implements VaultError {}

    /** The next charge is for period {@code periodIndex}, which starts at {@code startsAt}. */
    record PeriodNotStarted(String ref, long periodIndex, Instant startsAt) implements VaultError {}

    record AmountAboveMandate(BigInteger amount, BigInteger mandateAmount) implements VaultError {}

    /** A charge or refund of zero. */
    record ZeroAmount() implements VaultError {}

    record ChargeIdUsed(String chargeId) implements VaultError {}

    record RefundIdUsed(String refundId) implements VaultError {}

    record RefundAboveCharged(BigInteger amount, BigInteger refundable) implements VaultError {}

    record InvalidSubscription(InvalidSubscriptionReason reason) implements VaultError {}

    /** The token returned false or is not a contract. */
    record TokenTransferFailed() implements VaultError {}

    /** {@code addMonths} past the uint64 range. */
    record TimestampOutOfRange(BigInteger timestamp) implements VaultError {}

    /** The token's error: {@code account} holds {@code balance}, less than {@code needed}. */
    record InsufficientBalance(String account, BigInteger balance, BigInteger needed) implements VaultError {}

    /** The token's error: {@code spender} (the vault) may move {@code allowance}, less than {@code needed}. */
    record InsufficientAllowance(String spender, BigInteger allowance, BigInteger needed) implements VaultError {}

    /** The token's error for a transfer or mint to the zero address. */
    record InvalidReceiver(String receiver) implements VaultError {}

    /** Signed terms or a signed cancel submitted after their deadline (seconds since the epoch). */
    record SignatureExpired(BigInteger deadline) implements VaultError {}

    /** The terms' nonce was used by an earlier subscribeBySignature of this customer (a replay). */
    record SignatureNonceUsed(String customer, String nonce) implements VaultError {}

    /**
     * The signature does not recover to the customer: signed by another key, over other terms, for another chain
     * or vault, or malformed.
     */
    record InvalidSignature() implements VaultError {}

    /** The permit failed and the allowance does not cover the first charge (or one period without one). */
    record PermitFailed() implements VaultError {}

    /** The mandate's {@code maxCharges} signed periods are all charged. */
    record MandateExhausted(String ref, long maxCharges) implements VaultError {}

    /** A {@code chargeBatch} whose item {@code index} ran out of gas: the whole batch reverted, nothing was charged. */
    record BatchOutOfGas(long index) implements VaultError {}

    /** Revert data matching none of the above, kept as it came. */
    record Unknown(String data) implements VaultError {}

    /** Why {@code subscribe} refused its arguments; the ordinal is the Solidity enum's value. */
    enum InvalidSubscriptionReason {
        ZERO_MERCHANT,
        ZERO_TOKEN,
        ZERO_AMOUNT,
        AMOUNT_TOO_LARGE,
        INVALID_PERIOD,
        /** subscribeBySignature's terms sign zero periods. */
        ZERO_PERIODS,
        /** A value this code does not know (a newer contract). */
        UNRECOGNIZED
    }
}
