package io.abk.billing.chain.settlement;

import io.abk.billing.chain.domain.funding.FundingCheck;
import io.abk.billing.chain.domain.settlement.SettlementRequest;
import io.abk.billing.chain.domain.verification.VerificationRequest;
import io.abk.billing.schemas.avro.ChainRequest;
import io.abk.billing.schemas.avro.ChargeRequest;
import io.abk.billing.schemas.avro.FundingCheckRequest;
import io.abk.billing.schemas.avro.PermitRequest;
import io.abk.billing.schemas.avro.RefundRequest;
import io.abk.billing.schemas.avro.SignedCancelRequest;
import io.abk.billing.schemas.avro.SignedMandateRequest;
import io.abk.billing.schemas.avro.TransferAuthorizationRequest;
import io.abk.billing.schemas.avro.VerifyPaymentRequest;
import io.abk.billing.schemas.mode.ModeMapper;
import org.jspecify.annotations.Nullable;

/** Reads a {@code ChainRequest} from the wire into the domain's requests, and says whom its answer goes to. */
final class RequestMapper {

    /** Who answers a request and where the answer goes. */
    enum Addressee {
        /** A charge or refund: answered with a {@code SubscriptionCommand} keyed by its subscription. */
        SUBSCRIPTION,
        /** A payment verification: answered with a {@code PaymentCommand} keyed by its payment. */
        PAYMENT,
        /** A signed mandate to submit: answered with {@code SettleSignedMandate} keyed by its subscription. */
        MANDATE,
        /** A transfer authorization to submit: answered with {@code SettleTransferAuthorization} keyed by its payment. */
        AUTHORIZATION,
        /**
         * A customer's signed cancel or permit to submit: answered with {@code SettleCustomerRequest} keyed by its
         * subscription.
         */
        CUSTOMER,
        /**
         * A funding check before a renewal: answered with {@code SettleFundingCheck} keyed by its subscription (by the
         * sandbox here, or by the relayer of the mode's chain, which reads the chain).
         */
        FUNDING,
        /** An answer could not reach anyone: the request is logged and skipped. */
        NOBODY
    }

    private RequestMapper() {}

    /**
     * Where the answer goes: it needs the aggregate's id (its topic key), the command id the aggregate waits for,
     * and, for a charge or refund, the invoice settled. Anything else wrong with a request is answered with a
     * failure instead.
     */
    static Addressee addressee(ChainRequest request) {
        if (!present(request.getResultCommandId())) {
            return Addressee.NOBODY;
        }
        return switch (request.getPayload()) {
            case ChargeRequest charge when forSubscription(request) -> Addressee.SUBSCRIPTION;
            case RefundRequest refund when forSubscription(request) -> Addressee.SUBSCRIPTION;
            case VerifyPaymentRequest verify when present(request.getPaymentId()) -> Addressee.PAYMENT;
            case SignedMandateRequest mandate when present(request.getSubscriptionId()) -> Addressee.MANDATE;
            case TransferAuthorizationRequest authorization
            when present(request.getPaymentId()) -> Addressee.AUTHORIZATION;
            case SignedCancelRequest cancel when present(request.getSubscriptionId()) -> Addressee.CUSTOMER;
            case PermitRequest permit when present(request.getSubscriptionId()) -> Addressee.CUSTOMER;
            case FundingCheckRequest check when present(request.getSubscriptionId()) -> Addressee.FUNDING;
            default -> Addressee.NOBODY;
        };
    }

    /**
     * The domain's charge or refund ({@link Addressee#SUBSCRIPTION}), or signed mandate or transfer authorization
     * ({@link Addressee#MANDATE}, {@link Addressee#AUTHORIZATION}), or a customer's signed cancel or permit
     * ({@link Addressee#CUSTOMER}).
     */
    static SettlementRequest toSettlement(ChainRequest request) {
        return switch (request.getPayload()) {
            case ChargeRequest charge ->
                new SettlementRequest.Charge(
                        request.getRequestId(),
                        ModeMapper.toDomain(request.getMode()),
                        request.getAmountMicros(),
                        charge.getSandboxMode(),
                        charge.getSandboxDefaultOutcome());
            case RefundRequest refund ->
                new SettlementRequest.Refund(
                        request.getRequestId(), ModeMapper.toDomain(request.getMode()), request.getAmountMicros());
            case SignedMandateRequest mandate -> signed(request);
            case TransferAuthorizationRequest authorization -> signed(request);
            case SignedCancelRequest cancel -> customer(request);
            case PermitRequest permit -> customer(request);
            default -> throw new IllegalArgumentException("not a settlement request: " + request.getPayload());
        };
    }

    private static SettlementRequest signed(ChainRequest request) {
        return new SettlementRequest.Signed(
                request.getRequestId(), ModeMapper.toDomain(request.getMode()), request.getAmountMicros());
    }

    private static SettlementRequest customer(ChainRequest request) {
        return new SettlementRequest.CustomerAction(
                request.getRequestId(), ModeMapper.toDomain(request.getMode()), request.getAmountMicros());
    }

    /** The domain's funding check; only for a {@link Addressee#FUNDING} request. */
    static FundingCheck toFundingCheck(ChainRequest request) {
        if (!(request.getPayload() instanceof FundingCheckRequest check)) {
            throw new IllegalArgumentException("not a funding check: " + request.getPayload());
        }
        return new FundingCheck(
                request.getRequestId(), ModeMapper.toDomain(request.getMode()), check.getSandboxOutcome());
    }

    /** The domain's verification; only for an {@link Addressee#PAYMENT} request. */
    static VerificationRequest toVerification(ChainRequest request) {
        if (!(request.getPayload() instanceof VerifyPaymentRequest verify)) {
            throw new IllegalArgumentException("not a verify request: " + request.getPayload());
        }
        return new VerificationRequest(
                request.getRequestId(),
                request.getPaymentId(),
                ModeMapper.toDomain(request.getMode()),
                request.getAmountMicros(),
                request.getPayoutAddress(),
                verify.getTxHash());
    }

    /** Who claims a transaction hash with this request: the payment verified, or the invoice charged. */
    static String claimant(ChainRequest request) {
        return request.getPayload() instanceof VerifyPaymentRequest ? request.getPaymentId() : request.getInvoiceId();
    }

    /** The claim this request holds on a hash: its claimant, and whom a retraction of the hash reopens. */
    static ClaimHolder claimHolder(ChainRequest request) {
        var aggregate = request.getPayload() instanceof VerifyPaymentRequest
                ? request.getPaymentId()
                : request.getSubscriptionId();
        return ClaimHolder.of(claimant(request), aggregate, request.getMerchantId(), request.getMode());
    }

    /**
     * True for a verification naming a hash: its answer depends on the hash's claim. A settled charge or a
     * hash-less sandbox payment is already answered and only records its claim.
     */
    static boolean awaitsClaim(ChainRequest request) {
        return request.getPayload() instanceof VerifyPaymentRequest verify && present(verify.getTxHash());
    }

    private static boolean forSubscription(ChainRequest request) {
        return present(request.getSubscriptionId()) && present(request.getInvoiceId());
    }

    private static boolean present(@Nullable String value) {
        return value != null && !value.isBlank();
    }
}
