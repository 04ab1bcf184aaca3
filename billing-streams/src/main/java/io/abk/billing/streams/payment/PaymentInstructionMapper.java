package io.abk.billing.streams.payment;

import io.abk.billing.schemas.avro.ConfirmPayment;
import io.abk.billing.schemas.avro.CreatePayment;
import io.abk.billing.schemas.avro.ExpirePayment;
import io.abk.billing.schemas.avro.PayFromChain;
import io.abk.billing.schemas.avro.ReversePayment;
import io.abk.billing.schemas.avro.SettlePayment;
import io.abk.billing.schemas.avro.SettleTransferAuthorization;
import io.abk.billing.schemas.avro.SubmitTransferAuthorization;
import io.abk.billing.schemas.money.UsdcAmount;
import io.abk.billing.streams.command.CommandHeader;
import io.abk.billing.streams.payment.domain.PaymentInstruction;
import io.abk.billing.streams.payment.domain.PaymentInstruction.Confirm;
import io.abk.billing.streams.payment.domain.PaymentInstruction.Create;
import io.abk.billing.streams.payment.domain.PaymentInstruction.Expire;
import io.abk.billing.streams.payment.domain.PaymentInstruction.Settle;
import io.abk.billing.streams.payment.domain.SignedAuthorization;
import io.abk.billing.streams.payment.domain.VerificationResult;
import io.abk.billing.streams.shared.domain.RelayerGas;
import io.abk.billing.streams.shared.domain.RelayerOutcome;

/**
 * A command envelope from {@code billing.payment-commands} to a {@link PaymentInstruction}. A payload this code does
 * not know, or one that breaks the contract (a verified transfer without its hash or amount, a failure without its
 * code), throws, so the record goes to the dead-letter topic instead of being dropped.
 */
final class PaymentInstructionMapper {

    private PaymentInstructionMapper() {}

    /** The instruction {@code payload} asks for, of the command whose header is {@code header}. */
    static PaymentInstruction toInstruction(CommandHeader header, Object payload) {
        var id = header.aggregateId();
        var tenant = header.tenant();
        var at = header.requestedAt();
        return switch (payload) {
            case CreatePayment create -> new Create(id, tenant, at, CreatePaymentMapper.terms(create));
            case ConfirmPayment confirm -> new Confirm(id, tenant, at, confirm.getTxHash());
            case SettlePayment settle -> new Settle(id, tenant, at, settle.getRequestId(), result(header, settle));
            case ExpirePayment expire -> new Expire(id, tenant, at);
            case PayFromChain pay ->
                new PaymentInstruction.PayFromChain(
                        id,
                        tenant,
                        at,
                        pay.getTransferId(),
                        pay.getTxHash(),
                        pay.getFromAddress(),
                        UsdcAmount.ofMicros(pay.getAmountReceivedMicros()),
                        pay.getAuthorizationNonce());
            case SubmitTransferAuthorization submit ->
                new PaymentInstruction.SubmitTransferAuthorization(
                        id,
                        tenant,
                        at,
                        new SignedAuthorization(
                                submit.getFromAddress(),
                                submit.getValidAfterSeconds(),
                                submit.getValidBeforeSeconds(),
                                submit.getNonce(),
                                submit.getSignature()));
            case SettleTransferAuthorization settle ->
                new PaymentInstruction.SettleTransferAuthorization(
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
            case ReversePayment reverse ->
                new PaymentInstruction.ReversePayment(id, tenant, at, reverse.getTransferId(), reverse.getTxHash());
            default -> throw header.unknownPayload(payload);
        };
    }

    /** A success names its transaction and what it moved; a failure its code (the message defaults to the code). */
    private static VerificationResult result(CommandHeader header, SettlePayment settle) {
        if (settle.getSucceeded()) {
            var txHash = settle.getTxHash();
            var received = settle.getAmountReceivedMicros();
            if (txHash == null || received == null) {
                throw new IllegalArgumentException("verification result " + header.commandId() + " succeeded without "
                        + (txHash == null ? "a txHash" : "amountReceivedMicros"));
            }
            return new VerificationResult.Verified(txHash, UsdcAmount.ofMicros(received));
        }
        var code = settle.getFailureCode();
        if (code == null) {
            throw new IllegalArgumentException(
                    "verification result " + header.commandId() + " failed without a failureCode");
        }
        var message = settle.getFailureMessage();
        return new VerificationResult.Refused(code, message != null ? message : code);
    }
}
