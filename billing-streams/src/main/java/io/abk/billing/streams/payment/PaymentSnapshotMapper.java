package io.abk.billing.streams.payment;

import io.abk.billing.schemas.avro.PaymentAggregate;
import io.abk.billing.schemas.avro.PaymentSnapshot;
import io.abk.billing.schemas.avro.PaymentVerification;
import io.abk.billing.schemas.avro.TransferAuthorizationSnapshot;
import io.abk.billing.schemas.mode.ModeMapper;
import io.abk.billing.schemas.money.UsdcAmount;
import io.abk.billing.streams.command.Stored;
import io.abk.billing.streams.payment.domain.PaymentDetails;
import io.abk.billing.streams.payment.domain.PaymentState.Canceled;
import io.abk.billing.streams.payment.domain.PaymentState.Existing;
import io.abk.billing.streams.payment.domain.PaymentState.Expired;
import io.abk.billing.streams.payment.domain.PaymentState.Open;
import io.abk.billing.streams.payment.domain.PaymentState.Paid;
import io.abk.billing.streams.payment.domain.PaymentTerms;
import io.abk.billing.streams.payment.domain.Receipt;
import io.abk.billing.streams.payment.domain.TransferAuthorization;
import io.abk.billing.streams.payment.domain.Verification;
import io.abk.billing.streams.payment.domain.Verifications;
import io.abk.billing.streams.shared.domain.RelayedSubmission;
import io.abk.billing.streams.shared.domain.RelayerGas;
import io.abk.billing.streams.shared.domain.SubmissionStatus;
import io.abk.billing.streams.shared.domain.Tenant;
import org.jspecify.annotations.Nullable;

/**
 * A payment's state to and from Avro: its {@link PaymentSnapshot} (what the API renders, at a version) and the store
 * value ({@link PaymentAggregate}: the snapshot, with the verification in flight and the counts of verifications and
 * transfer authorizations beside it, which are never public). The sequence counts accepted commands and is the snapshot's version. Reading refuses a snapshot the
 * domain cannot represent (a paid payment without its transaction, an open one with one), so a corrupt store value
 * fails loudly instead of deciding on made-up data.
 */
final class PaymentSnapshotMapper {

    private PaymentSnapshotMapper() {}

    static Stored<Existing> read(PaymentAggregate aggregate) {
        var stored = aggregate.getInFlight();
        var inFlight = stored == null
                ? null
                : new Verification(
                        stored.getRequestId(),
                        stored.getResultCommandId(),
                        stored.getTxHash(),
                        stored.getRequestedAt());
        var verifications = new Verifications(inFlight, aggregate.getVerifyCount());
        return new Stored<>(
                aggregate.getSequence(),
                state(aggregate.getPayment(), verifications, aggregate.getAuthorizationCount()));
    }

    static PaymentAggregate write(Stored<Existing> stored) {
        var verifications = stored.state().details().verifications();
        var inFlight = verifications.inFlight();
        return PaymentAggregate.newBuilder()
                .setSequence(stored.sequence())
                .setPayment(snapshot(stored.state(), stored.sequence()))
                .setInFlight(
                        inFlight == null
                                ? null
                                : new PaymentVerification(
                                        inFlight.requestId(),
                                        inFlight.resultCommandId(),
                                        inFlight.txHash(),
                                        inFlight.requestedAt()))
                .setVerifyCount(verifications.count())
                .setAuthorizationCount(
                        authorizationCount(stored.state().details().authorization()))
                .build();
    }

    static PaymentSnapshot snapshot(Existing state, long version) {
        var d = state.details();
        var t = d.terms();
        var receipt = state instanceof Paid paid ? paid.receipt() : null;
        return PaymentSnapshot.newBuilder()
                .setId(d.id())
                .setMerchantId(d.tenant().merchantId())
                .setMode(ModeMapper.toAvro(d.tenant().mode()))
                .setVersion(version)
                .setStatus(state.status())
                .setAmountMicros(t.amount().micros())
                .setAmountReceivedMicros(
                        receipt == null ? null : receipt.amountReceived().micros())
                .setCustomerWallet(t.customerWallet())
                .setPayoutAddress(t.payoutAddress())
                .setMerchantRef(t.merchantRef())
                .setPriceId(t.priceId())
                .setPaymentLinkId(t.paymentLinkId())
                .setDescription(t.description())
                .setCheckoutUrl(t.checkoutUrl())
                .setSuccessUrl(t.successUrl())
                .setCancelUrl(t.cancelUrl())
                .setCustomerEmail(t.customerEmail())
                .setCustomerName(t.customerName())
                .setMetadata(t.metadata())
                .setExpiresAt(d.expiresAt())
                .setPaidAt(receipt == null ? null : receipt.paidAt())
                .setPaidLate(receipt != null && receipt.paidLate())
                .setTxHash(receipt == null ? null : receipt.txHash())
                .setCreatedAt(d.createdAt())
                .setAuthorization(authorization(d.authorization()))
                .setCustomerId(d.customerId())
                .build();
    }

    private static int authorizationCount(@Nullable TransferAuthorization authorization) {
        return authorization == null ? 0 : authorization.submission().number();
    }

    private static @Nullable TransferAuthorizationSnapshot authorization(
            @Nullable TransferAuthorization authorization) {
        if (authorization == null) {
            return null;
        }
        var submission = authorization.submission();
        var gas = submission.gas();
        return TransferAuthorizationSnapshot.newBuilder()
                .setStatus(submission.status().apiName())
                .setFromAddress(authorization.fromAddress())
                .setTxHash(submission.txHash())
                .setGasUsed(gas == null ? null : gas.used())
                .setGasCostWei(gas == null ? null : gas.costWeiText())
                .setFailureCode(submission.failureCode())
                .setFailureMessage(submission.failureMessage())
                .setSubmittedAt(submission.submittedAt())
                .build();
    }

    /** The latest transfer authorization, which is submission {@code count} of the payment. */
    private static @Nullable TransferAuthorization authorization(@Nullable TransferAuthorizationSnapshot s, int count) {
        if (s == null) {
            return null;
        }
        return new TransferAuthorization(
                s.getFromAddress(),
                new RelayedSubmission(
                        count,
                        SubmissionStatus.fromApiName(s.getStatus()),
                        s.getSubmittedAt(),
                        s.getTxHash(),
                        RelayerGas.of(s.getGasUsed(), s.getGasCostWei()),
                        s.getFailureCode(),
                        s.getFailureMessage()));
    }

    /**
     * The customer a snapshot holds, else its wallet's: a payment last changed before customers existed holds none
     * ({@code customerId} is null on it), and its wallet, if any, names its customer.
     */
    private static @Nullable String customerId(PaymentSnapshot s) {
        var held = s.getCustomerId();
        if (held != null) {
            return held;
        }
        return PaymentDetails.customerOf(
                new Tenant(s.getMerchantId(), ModeMapper.toDomain(s.getMode())), s.getCustomerWallet());
    }

    static Existing state(PaymentSnapshot s, Verifications verifications, int authorizationCount) {
        var terms = new PaymentTerms(
                UsdcAmount.ofMicros(s.getAmountMicros()),
                s.getCustomerWallet(),
                s.getPayoutAddress(),
                s.getMerchantRef(),
                s.getPriceId(),
                s.getPaymentLinkId(),
                s.getDescription(),
                s.getCheckoutUrl(),
                s.getSuccessUrl(),
                s.getCancelUrl(),
                s.getCustomerEmail(),
                s.getCustomerName(),
                s.getMetadata());
        var details = new PaymentDetails(
                s.getId(),
                new Tenant(s.getMerchantId(), ModeMapper.toDomain(s.getMode())),
                terms,
                s.getCreatedAt(),
                s.getExpiresAt(),
                verifications,
                authorization(s.getAuthorization(), authorizationCount),
                customerId(s));
        var paid = "paid".equals(s.getStatus());
        var paidAt = s.getPaidAt();
        var txHash = s.getTxHash();
        var received = s.getAmountReceivedMicros();
        if (paid != (paidAt != null && txHash != null && received != null)
                || (!paid && (paidAt != null || txHash != null || received != null || s.getPaidLate()))) {
            throw new IllegalArgumentException("payment " + s.getId() + " with status " + s.getStatus()
                    + " has paidAt=" + paidAt + " txHash=" + txHash + " amountReceivedMicros=" + received
                    + " paidLate=" + s.getPaidLate());
        }
        return switch (s.getStatus()) {
            case "open" -> new Open(details);
            case "paid" ->
                new Paid(details, new Receipt(paidAt, txHash, UsdcAmount.ofMicros(received), s.getPaidLate()));
            case "canceled" -> new Canceled(details);
            case "expired" -> new Expired(details);
            default ->
                throw new IllegalArgumentException("payment " + s.getId() + " has an unknown status " + s.getStatus());
        };
    }
}
