package io.abk.billing.chain.domain.relay;

import io.abk.billing.chain.domain.relay.Preflight.Refuse;
import io.abk.billing.chain.domain.settlement.FailureCode;
import io.abk.billing.contracts.VaultError;

/**
 * What a vault revert (decoded by the contracts module) means for the invoice: the failure code and a message for
 * the merchant. The token's balance and allowance errors, which the vault passes through, name the customer for a
 * charge and the merchant for a refund. A used charge or refund id is not a failure: the caller answers it with
 * the original transaction, and only reaches this mapping if that transaction cannot be found.
 */
public final class VaultRefusals {

    private VaultRefusals() {}

    public static Refuse of(VaultError error, VaultCall call, int decimals) {
        return switch (error) {
            case VaultError.UnknownSubscription e ->
                new Refuse(FailureCode.MANDATE_INACTIVE, "The vault has no subscription for this mandate");
            case VaultError.SubscriptionIsCanceled e ->
                new Refuse(FailureCode.MANDATE_REVOKED, "The customer's mandate was canceled in the vault");
            case VaultError.PeriodNotStarted e ->
                new Refuse(
                        FailureCode.PERIOD_NOT_STARTED,
                        "The period this charge would pay starts on chain at " + e.startsAt()
                                + "; every period started so far is paid");
            case VaultError.InsufficientBalance e ->
                call == VaultCall.CHARGE
                        ? new Refuse(
                                FailureCode.INSUFFICIENT_BALANCE,
                                "The customer's wallet holds " + usdc(e.balance(), decimals) + ", less than "
                                        + usdc(e.needed(), decimals))
                        : new Refuse(
                                FailureCode.MERCHANT_FUNDS_UNAVAILABLE,
                                "The merchant's payout address holds " + usdc(e.balance(), decimals)
                                        + ", less than the refund of " + usdc(e.needed(), decimals));
            case VaultError.InsufficientAllowance e -> allowance(e, call, decimals);
            case VaultError.AmountAboveMandate e ->
                new Refuse(
                        FailureCode.AMOUNT_ABOVE_MANDATE,
                        "The charge of " + usdc(e.amount(), decimals) + " is above the mandate of "
                                + usdc(e.mandateAmount(), decimals));
            case VaultError.RefundAboveCharged e ->
                relayerError("The refund of " + usdc(e.amount(), decimals)
                        + " is above what the vault can still refund for this subscription, "
                        + usdc(e.refundable(), decimals));
            case VaultError.ChargeIdUsed e ->
                relayerError(
                        "The vault has charged this invoice already, but the " + "charge's transaction was not found");
            case VaultError.RefundIdUsed e ->
                relayerError("The vault has made this refund already, but the " + "refund's transaction was not found");
            case VaultError.NotRelayer e ->
                relayerError("The vault accepts charges from another relayer account than this relayer's key");
            case VaultError.NotMerchantOrRelayer e ->
                relayerError("The vault accepts refunds from another relayer account than this relayer's key");
            case VaultError.NotCustomerOrRelayer e -> relayerError("The vault refused the relayer's account");
            case VaultError.ZeroAmount e -> relayerError("The vault refuses an amount of zero");
            case VaultError.TokenTransferFailed e -> relayerError("The token refused the transfer");
            case VaultError.InvalidReceiver e -> relayerError("The token refused the receiver " + e.receiver());
            case VaultError.RefAlreadyUsed e ->
                call == VaultCall.SUBSCRIBE
                        ? new Refuse(
                                FailureCode.MANDATE_EXISTS, "The vault has a subscription for this reference already")
                        : relayerError("The vault refused the subscription reference");
            case VaultError.InvalidSubscription e -> relayerError("The vault refused the subscription: " + e.reason());
            case VaultError.TimestampOutOfRange e -> relayerError("The vault's calendar is out of range");
            case VaultError.BatchOutOfGas e ->
                relayerError("The relayer's batch of charges ran out of gas and charged nothing; a retry is safe");
            case VaultError.SignatureExpired e ->
                new Refuse(
                        FailureCode.SIGNATURE_EXPIRED,
                        "The customer's signature expired (its deadline was " + e.deadline()
                                + ", in seconds since the epoch)");
            case VaultError.SignatureNonceUsed e ->
                new Refuse(FailureCode.SIGNATURE_NONCE_USED, "The customer's signed terms were used already");
            case VaultError.InvalidSignature e ->
                new Refuse(FailureCode.SIGNATURE_INVALID, "The customer's signature does not match the terms");
            case VaultError.PermitFailed e ->
                new Refuse(
                        FailureCode.PERMIT_FAILED,
                        "The customer's permit failed and the allowance does not cover the charge");
            case VaultError.MandateExhausted e ->
                new Refuse(
                        FailureCode.MANDATE_EXHAUSTED,
                        "The customer signed for " + e.maxCharges() + " charges, all made");
            case VaultError.Unknown e ->
                relayerError("The vault reverted with data the relayer cannot read (" + abbreviated(e.data()) + ")");
        };
    }

    private static Refuse allowance(VaultError.InsufficientAllowance e, VaultCall call, int decimals) {
        if (call == VaultCall.REFUND) {
            return new Refuse(
                    FailureCode.MERCHANT_FUNDS_UNAVAILABLE,
                    "The merchant's payout address allows the vault " + usdc(e.allowance(), decimals)
                            + ", less than the refund of " + usdc(e.needed(), decimals));
        }
        if (e.allowance().signum() == 0) {
            return new Refuse(FailureCode.ALLOWANCE_REVOKED, "The customer's USDC allowance to the vault is zero");
        }
        return new Refuse(
                FailureCode.ALLOWANCE_TOO_LOW,
                "The customer's USDC allowance to the vault is " + usdc(e.allowance(), decimals) + ", less than "
                        + usdc(e.needed(), decimals));
    }

    private static Refuse relayerError(String message) {
        return new Refuse(FailureCode.RELAYER_ERROR, message);
    }

    private static String usdc(java.math.BigInteger baseUnits, int decimals) {
        return TokenUnits.render(baseUnits, decimals);
    }

    /** Revert data can be long (a string message); the start is enough to recognise it in the logs. */
    private static String abbreviated(String data) {
        return data.length() <= 74 ? data : data.substring(0, 74) + "...";
    }
}
