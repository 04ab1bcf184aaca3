package io.abk.billing.chain;

import io.abk.billing.schemas.avro.ChainRequest;
import io.abk.billing.schemas.avro.ChargeRequest;
import io.abk.billing.schemas.avro.FundingCheckRequest;
import io.abk.billing.schemas.avro.Mode;
import io.abk.billing.schemas.avro.PermitRequest;
import io.abk.billing.schemas.avro.RefundRequest;
import io.abk.billing.schemas.avro.SignedCancelRequest;
import io.abk.billing.schemas.avro.SignedMandateRequest;
import io.abk.billing.schemas.avro.TransferAuthorizationRequest;
import io.abk.billing.schemas.avro.VerifyPaymentRequest;
import io.abk.billing.schemas.ids.IdPrefix;
import io.abk.billing.schemas.ids.Ids;
import java.time.Instant;
import org.jspecify.annotations.Nullable;

/**
 * Chain requests as billing-streams writes them: ids, keys, result command ids
 * (docs/architecture.md, "The chain path").
 */
public final class ChainRequests {

    public static final Instant REQUESTED_AT = Instant.parse("2026-05-01T09:30:00Z");
    public static final String SUB = "sub_01jvqz0000000000000000000a";
    public static final String INVOICE = "inv_01jvqz0000000000000000000a";
    public static final String MERCHANT = "mer_01jvqz0000000000000000000a";
    public static final long AMOUNT = 9_990_000;
    public static final String PAYMENT = "pay_01jvqz0000000000000000000a";
    public static final String OTHER_PAYMENT = "pay_01jvqz0000000000000000000b";
    public static final String PAYOUT = "0x000000000000000000000000000000000000dEaD";

    private ChainRequests() {}

    /** Charge attempt {@code attempt} of {@link #INVOICE}. */
    public static ChainRequest charge(
            int attempt, Mode mode, @Nullable String sandboxMode, @Nullable String sandboxDefaultOutcome) {
        return base(INVOICE + ":" + attempt, mode)
                .setPayload(new ChargeRequest(sandboxMode, sandboxDefaultOutcome))
                .build();
    }

    /** Refund {@code refund} of {@link #INVOICE}, of {@code amountMicros}. */
    public static ChainRequest refund(int refund, Mode mode, long amountMicros) {
        return base(INVOICE + ":refund:" + refund, mode)
                .setAmountMicros(amountMicros)
                .setPayload(new RefundRequest("0x" + "ab".repeat(32)))
                .build();
    }

    /** Verification {@code n} of {@code paymentId} (its n-th confirm), of the hash given or none. */
    public static ChainRequest verify(String paymentId, int n, Mode mode, @Nullable String txHash) {
        var requestId = paymentId + ":verify:" + n;
        return ChainRequest.newBuilder()
                .setRequestId(requestId)
                .setResultCommandId(resultCommandId(requestId))
                .setSubscriptionId(null)
                .setInvoiceId(null)
                .setPaymentId(paymentId)
                .setMerchantId(MERCHANT)
                .setMode(mode)
                .setRequestedAt(REQUESTED_AT)
                .setAmountMicros(AMOUNT)
                .setWalletAddress(null)
                .setPayoutAddress(PAYOUT)
                .setOnChainSubscriptionId(null)
                .setPayload(new VerifyPaymentRequest(txHash, null))
                .build();
    }

    /** Signed mandate submission {@code n} of {@link #SUB}, charging {@link #INVOICE} in the same transaction. */
    public static ChainRequest mandate(int n, Mode mode) {
        var requestId = SUB + ":mandate:" + n;
        return base(requestId, mode)
                .setInvoiceId(null)
                .setPayload(SignedMandateRequest.newBuilder()
                        .setPeriodMonths(1)
                        .setFirstChargeAtSeconds(REQUESTED_AT.getEpochSecond())
                        .setPeriods(12)
                        .setDeadlineSeconds(REQUESTED_AT.plusSeconds(3600).getEpochSecond())
                        .setNonce("0x" + "4e".repeat(32))
                        .setSignature("0x" + "51".repeat(65))
                        .setFirstChargeInvoiceId(INVOICE)
                        .setFirstChargeAmountMicros(AMOUNT)
                        .build())
                .build();
    }

    /** Transfer authorization submission {@code n} of {@code paymentId}. */
    public static ChainRequest authorization(String paymentId, int n, Mode mode) {
        var requestId = paymentId + ":authorization:" + n;
        return ChainRequest.newBuilder(verify(paymentId, n, mode, null))
                .setRequestId(requestId)
                .setResultCommandId(resultCommandId(requestId))
                .setWalletAddress("0x1111111111111111111111111111111111111111")
                .setPayload(new TransferAuthorizationRequest(
                        REQUESTED_AT.getEpochSecond() - 1,
                        REQUESTED_AT.plusSeconds(3600).getEpochSecond(),
                        "0x" + "4e".repeat(32),
                        "0x" + "51".repeat(65)))
                .build();
    }

    /**
     * The customer's signed cancel, submission {@code n} for {@link #SUB}; it moves no money, so its amount is zero
     * (settlement does not check it).
     */
    public static ChainRequest cancel(int n, Mode mode) {
        var requestId = SUB + ":cancel:" + n;
        return base(requestId, mode)
                .setInvoiceId(null)
                .setAmountMicros(0)
                .setPayload(new SignedCancelRequest(
                        REQUESTED_AT.plusSeconds(3600).getEpochSecond(), "0x" + "51".repeat(65)))
                .build();
    }

    /** The customer's permit for the vault, submission {@code n} for {@link #SUB}, of twelve periods' amount. */
    public static ChainRequest permit(int n, Mode mode) {
        var requestId = SUB + ":permit:" + n;
        return base(requestId, mode)
                .setInvoiceId(null)
                .setAmountMicros(0)
                .setPayload(new PermitRequest(
                        Long.toString(AMOUNT * 12),
                        REQUESTED_AT.plusSeconds(3600).getEpochSecond(),
                        "0x" + "51".repeat(65)))
                .build();
    }

    /** The end of the period whose renewal {@link #funding} checks. */
    public static final Instant PERIOD_END = Instant.parse("2026-05-04T09:30:00Z");

    /**
     * A funding check for {@link #SUB} before its renewal at {@link #PERIOD_END}, as billing-streams writes it, with the
     * subscription's {@code metadata.sandboxRenewalOutcome} (or null).
     */
    public static ChainRequest funding(Mode mode, @Nullable String sandboxOutcome) {
        var requestId = SUB + ":funding:" + PERIOD_END.getEpochSecond();
        return base(requestId, mode)
                .setInvoiceId(null)
                .setPayload(new FundingCheckRequest(PERIOD_END, sandboxOutcome))
                .build();
    }

    /** The command id the aggregate expects for the result of {@code requestId}. */
    public static String resultCommandId(String requestId) {
        return Ids.derivedId(IdPrefix.COMMAND, REQUESTED_AT, "settle:" + requestId);
    }

    private static ChainRequest.Builder base(String requestId, Mode mode) {
        return ChainRequest.newBuilder()
                .setRequestId(requestId)
                .setResultCommandId(resultCommandId(requestId))
                .setSubscriptionId(SUB)
                .setInvoiceId(INVOICE)
                .setMerchantId(MERCHANT)
                .setMode(mode)
                .setRequestedAt(REQUESTED_AT)
                .setAmountMicros(AMOUNT)
                .setWalletAddress("0x1111111111111111111111111111111111111111")
                .setPayoutAddress(PAYOUT)
                .setOnChainSubscriptionId(null);
    }
}
