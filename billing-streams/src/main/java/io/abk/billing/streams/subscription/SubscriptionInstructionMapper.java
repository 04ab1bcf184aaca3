package io.abk.billing.streams.subscription;

import io.abk.billing.schemas.avro.ActivateSubscription;
import io.abk.billing.schemas.avro.ApplyDiscount;
import io.abk.billing.schemas.avro.CancelSubscription;
import io.abk.billing.schemas.avro.ChargeDueInvoice;
import io.abk.billing.schemas.avro.ChargeInvoice;
import io.abk.billing.schemas.avro.CheckFunding;
import io.abk.billing.schemas.avro.CompleteSubscription;
import io.abk.billing.schemas.avro.CreateSubscription;
import io.abk.billing.schemas.avro.ExpireIncompleteSubscription;
import io.abk.billing.schemas.avro.FinalizeInvoice;
import io.abk.billing.schemas.avro.PauseSubscription;
import io.abk.billing.schemas.avro.RecordUsage;
import io.abk.billing.schemas.avro.RefundInvoice;
import io.abk.billing.schemas.avro.RenewSubscription;
import io.abk.billing.schemas.avro.ResumeSubscription;
import io.abk.billing.schemas.avro.ReverseCharge;
import io.abk.billing.schemas.avro.RevokeMandate;
import io.abk.billing.schemas.avro.SettleCharge;
import io.abk.billing.schemas.avro.SettleCustomerRequest;
import io.abk.billing.schemas.avro.SettleFundingCheck;
import io.abk.billing.schemas.avro.SettleRefund;
import io.abk.billing.schemas.avro.SettleSignedMandate;
import io.abk.billing.schemas.avro.SubmitPermit;
import io.abk.billing.schemas.avro.SubmitSignedCancel;
import io.abk.billing.schemas.avro.SubmitSignedMandate;
import io.abk.billing.schemas.avro.UpdateSubscription;
import io.abk.billing.schemas.avro.VoidInvoice;
import io.abk.billing.schemas.money.UsdcAmount;
import io.abk.billing.streams.command.CommandHeader;
import io.abk.billing.streams.shared.domain.RelayerGas;
import io.abk.billing.streams.shared.domain.RelayerOutcome;
import io.abk.billing.streams.subscription.domain.ChargeFailure;
import io.abk.billing.streams.subscription.domain.CustomerActionKind;
import io.abk.billing.streams.subscription.domain.CustomerRequest;
import io.abk.billing.streams.subscription.domain.Discount;
import io.abk.billing.streams.subscription.domain.DiscountDuration;
import io.abk.billing.streams.subscription.domain.Interval;
import io.abk.billing.streams.subscription.domain.ProrationBehavior;
import io.abk.billing.streams.subscription.domain.SettlementResult;
import io.abk.billing.streams.subscription.domain.SignedMandate;
import io.abk.billing.streams.subscription.domain.SubscriptionInstruction;
import io.abk.billing.streams.subscription.domain.SubscriptionInstruction.Activate;
import io.abk.billing.streams.subscription.domain.SubscriptionInstruction.Cancel;
import io.abk.billing.streams.subscription.domain.SubscriptionInstruction.Charge;
import io.abk.billing.streams.subscription.domain.SubscriptionInstruction.ChargeDue;
import io.abk.billing.streams.subscription.domain.SubscriptionInstruction.Complete;
import io.abk.billing.streams.subscription.domain.SubscriptionInstruction.Create;
import io.abk.billing.streams.subscription.domain.SubscriptionInstruction.ExpireIncomplete;
import io.abk.billing.streams.subscription.domain.SubscriptionInstruction.Pause;
import io.abk.billing.streams.subscription.domain.SubscriptionInstruction.Refund;
import io.abk.billing.streams.subscription.domain.SubscriptionInstruction.Renew;
import io.abk.billing.streams.subscription.domain.SubscriptionInstruction.Resume;
import io.abk.billing.streams.subscription.domain.SubscriptionInstruction.Update;
import io.abk.billing.streams.subscription.domain.WalletFunding;
import io.abk.billing.streams.subscription.domain.Wallets;
import java.time.Instant;
import org.jspecify.annotations.Nullable;

/**
 * A command envelope from {@code billing.subscription-commands} to a {@link SubscriptionInstruction}. Each payload
 * branch of the Avro union maps to one instruction record; a payload this code does not know, or one that breaks the
 * contract (a settled charge without its transaction), throws (a producer newer than this processor, or a bug),
 * so the record goes to the dead-letter topic instead of being dropped.
 */
final class SubscriptionInstructionMapper {

    private SubscriptionInstructionMapper() {}

    /** The instruction {@code payload} asks for, of the command whose header is {@code header}. */
    static SubscriptionInstruction toInstruction(CommandHeader header, Object payload) {
        var id = header.aggregateId();
        var tenant = header.tenant();
        var at = header.requestedAt();
        return switch (payload) {
            case CreateSubscription create ->
                new Create(
                        id,
                        tenant,
                        at,
                        create.getInvoiceId(),
                        SubscriptionItemMapper.plan(
                                create.getAmountMicros(),
                                create.getInterval(),
                                create.getPriceId(),
                                create.getPlanId(),
                                create.getItems(),
                                create.getMaxAmountPerPeriodMicros()),
                        create.getTrialDays(),
                        new Wallets(create.getWalletAddress(), create.getPayoutAddress()),
                        create.getMerchantRef(),
                        create.getMetadata(),
                        create.getSuccessUrl(),
                        create.getCancelUrl(),
                        discount(
                                create.getCouponId(),
                                create.getCouponName(),
                                create.getPromotionCodeId(),
                                create.getPercentOffBasisPoints(),
                                create.getAmountOffMicros(),
                                create.getDiscountDuration(),
                                create.getDiscountDurationInMonths(),
                                at));
            case ActivateSubscription activate -> new Activate(id, tenant, at, activate.getOnChainSubscriptionId());
            case CompleteSubscription complete -> new Complete(id, tenant, at, complete.getOnChainSubscriptionId());
            case CancelSubscription cancel -> new Cancel(id, tenant, at, cancel.getImmediate());
            case ResumeSubscription resume -> new Resume(id, tenant, at, header.commandId());
            case PauseSubscription pause -> new Pause(id, tenant, at);
            case UpdateSubscription update ->
                new Update(
                        id,
                        tenant,
                        at,
                        update.getAmountMicros() == null ? null : UsdcAmount.ofMicros(update.getAmountMicros()),
                        update.getInterval() == null ? null : Interval.fromApiName(update.getInterval()),
                        update.getPlanId(),
                        update.getMetadata(),
                        update.getPriceId(),
                        ProrationBehavior.fromApiName(update.getProrationBehavior()),
                        header.commandId());
            case ApplyDiscount apply ->
                new SubscriptionInstruction.ApplyDiscount(
                        id,
                        tenant,
                        at,
                        discount(
                                apply.getCouponId(),
                                apply.getCouponName(),
                                apply.getPromotionCodeId(),
                                apply.getPercentOffBasisPoints(),
                                apply.getAmountOffMicros(),
                                apply.getDiscountDuration(),
                                apply.getDiscountDurationInMonths(),
                                at));
            case RevokeMandate revoke -> new SubscriptionInstruction.RevokeMandate(id, tenant, at);
            case ChargeInvoice charge -> new Charge(id, tenant, at, charge.getInvoiceId(), charge.getSandboxMode());
            case RefundInvoice refund ->
                new Refund(
                        id,
                        tenant,
                        at,
                        refund.getInvoiceId(),
                        refund.getAmountMicros() == null ? null : UsdcAmount.ofMicros(refund.getAmountMicros()));
            case VoidInvoice voided -> new SubscriptionInstruction.VoidInvoice(id, tenant, at, voided.getInvoiceId());
            case SettleCharge settle ->
                new SubscriptionInstruction.SettleCharge(
                        id,
                        tenant,
                        at,
                        settle.getInvoiceId(),
                        settle.getAttemptId(),
                        result(
                                header,
                                settle.getSucceeded(),
                                settle.getTxHash(),
                                settle.getFailureCode(),
                                settle.getFailureMessage()),
                        RelayerGas.of(settle.getGasUsed(), settle.getGasCostWei()));
            case SettleRefund settle ->
                new SubscriptionInstruction.SettleRefund(
                        id,
                        tenant,
                        at,
                        settle.getInvoiceId(),
                        settle.getRefundId(),
                        UsdcAmount.ofMicros(settle.getAmountMicros()),
                        result(
                                header,
                                settle.getSucceeded(),
                                settle.getTxHash(),
                                settle.getFailureCode(),
                                settle.getFailureMessage()));
            case RenewSubscription renew -> new Renew(id, tenant, at, renew.getPeriodEnd(), header.commandId());
            case ChargeDueInvoice due -> new ChargeDue(id, tenant, at, due.getInvoiceId(), due.getAttempt());
            case ExpireIncompleteSubscription expire -> new ExpireIncomplete(id, tenant, at);
            case ReverseCharge reverse ->
                new SubscriptionInstruction.ReverseCharge(
                        id, tenant, at, reverse.getInvoiceId(), reverse.getTxHash(), reverse.getTransferId());
            case SubmitSignedMandate submit ->
                new SubscriptionInstruction.SubmitSignedMandate(id, tenant, at, signed(submit));
            case SettleSignedMandate settle ->
                new SubscriptionInstruction.SettleSignedMandate(
                        id,
                        tenant,
                        at,
                        settle.getRequestId(),
                        RelayerOutcome.of(
                                header.commandId(),
                                settle.getSucceeded(),
                                settle.getTxHash(),
                                settle.getFailureCode(),
                                settle.getFailureMessage(),
                                RelayerGas.of(settle.getGasUsed(), settle.getGasCostWei())));
            case SubmitSignedCancel submit ->
                new SubscriptionInstruction.SubmitCustomerRequest(
                        id,
                        tenant,
                        at,
                        new CustomerRequest.SignedCancel(
                                submit.getWallet(), submit.getDeadlineSeconds(), submit.getSignature()));
            case SubmitPermit submit ->
                new SubscriptionInstruction.SubmitCustomerRequest(
                        id,
                        tenant,
                        at,
                        new CustomerRequest.Permit(
                                submit.getWallet(),
                                submit.getValueBaseUnits(),
                                submit.getDeadlineSeconds(),
                                submit.getSignature()));
            case SettleCustomerRequest settle ->
                new SubscriptionInstruction.SettleCustomerRequest(
                        id,
                        tenant,
                        at,
                        settle.getRequestId(),
                        CustomerActionKind.fromApiName(settle.getKind()),
                        RelayerOutcome.of(
                                header.commandId(),
                                settle.getSucceeded(),
                                settle.getTxHash(),
                                settle.getFailureCode(),
                                settle.getFailureMessage(),
                                RelayerGas.of(settle.getGasUsed(), settle.getGasCostWei())));
            case CheckFunding check -> new SubscriptionInstruction.CheckFunding(id, tenant, at, check.getPeriodEnd());
            case SettleFundingCheck settle ->
                new SubscriptionInstruction.SettleFundingCheck(
                        id,
                        tenant,
                        at,
                        settle.getRequestId(),
                        settle.getChecked()
                                ? new WalletFunding(
                                        settle.getBalanceMicros(),
                                        settle.getAllowanceMicros(),
                                        settle.getChargesLeft(),
                                        settle.getBlockNumber())
                                : null,
                        settle.getFailureMessage());
            case FinalizeInvoice finalize ->
                new SubscriptionInstruction.Finalize(
                        id, tenant, at, finalize.getInvoiceId(), finalize.getNumber(), finalize.getHostedInvoiceUrl());
            case RecordUsage usage ->
                new SubscriptionInstruction.RecordUsage(
                        id,
                        tenant,
                        at,
                        usage.getPeriodStart(),
                        usage.getPeriodEnd(),
                        usage.getItems().stream()
                                .map(item -> new SubscriptionInstruction.RecordUsage.Quantity(
                                        item.getItemId(), item.getQuantity()))
                                .toList(),
                        header.commandId());
            default -> throw header.unknownPayload(payload);
        };
    }

    /**
     * The discount of a redeemed coupon, applied at {@code at}; null without a coupon. A coupon without its duration, or
     * with both or neither of its amounts, is a contract breach: throws.
     */
    private static @Nullable Discount discount(
            @Nullable String couponId,
            @Nullable String couponName,
            @Nullable String promotionCodeId,
            @Nullable Integer percentOffBasisPoints,
            @Nullable Long amountOffMicros,
            @Nullable String duration,
            @Nullable Integer durationInMonths,
            Instant at) {
        if (couponId == null) {
            return null;
        }
        if (duration == null) {
            throw new IllegalArgumentException("coupon " + couponId + " is redeemed without its duration");
        }
        return Discount.applied(
                couponId,
                couponName,
                promotionCodeId,
                percentOffBasisPoints,
                amountOffMicros,
                DiscountDuration.fromApiName(duration),
                durationInMonths,
                at);
    }

    /** The signed terms; a permit only with all three of its fields (else a contract breach: throws). */
    private static SignedMandate signed(SubmitSignedMandate submit) {
        var value = submit.getPermitValueBaseUnits();
        var deadline = submit.getPermitDeadlineSeconds();
        var signature = submit.getPermitSignature();
        if ((value == null) != (deadline == null) || (value == null) != (signature == null)) {
            throw new IllegalArgumentException("a signed mandate's permit needs its value, deadline and signature");
        }
        var permit = value == null || deadline == null || signature == null
                ? null
                : new SignedMandate.Permit(value, deadline, signature);
        return new SignedMandate(
                submit.getWallet(),
                submit.getPeriods(),
                submit.getDeadlineSeconds(),
                submit.getNonce(),
                submit.getSignature(),
                submit.getAmountBaseUnits(),
                submit.getPeriodMonths(),
                submit.getFirstChargeAtSeconds(),
                permit);
    }

    /** A success names its transaction; a failure its code (the message defaults to the code). */
    private static SettlementResult result(
            CommandHeader header,
            boolean succeeded,
            @Nullable String txHash,
            @Nullable String failureCode,
            @Nullable String failureMessage) {
        if (succeeded) {
            if (txHash == null) {
                throw new IllegalArgumentException(
                        "settlement result " + header.commandId() + " succeeded without a txHash");
            }
            return new SettlementResult.Succeeded(txHash);
        }
        if (failureCode == null) {
            throw new IllegalArgumentException(
                    "settlement result " + header.commandId() + " failed without a failureCode");
        }
        return new SettlementResult.Failed(
                new ChargeFailure(failureCode, failureMessage != null ? failureMessage : failureCode));
    }
}
