package io.abk.billing.chain.relay;

import io.abk.billing.chain.config.ChainSettings;
import io.abk.billing.chain.domain.funding.FundingOutcome;
import io.abk.billing.chain.domain.relay.RelayOutcome;
import io.abk.billing.chain.domain.settlement.FailureCode;
import io.abk.billing.chain.domain.verification.VerificationFailure;
import io.abk.billing.chain.relay.RelayBatch.Item;
import io.abk.billing.chain.settlement.FundingAnswers;
import io.abk.billing.chainrpc.RpcErrorException;
import io.abk.billing.chainrpc.RpcUnavailableException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * What a batch's exceptions mean for the request they were thrown for, and the log line of each answer given without
 * a transaction of its own (refused, done before, verified).
 */
final class ItemOutcomes {

    private static final Logger log = LoggerFactory.getLogger(RelayBatch.class);

    private final ChainSettings chain;

    ItemOutcomes(ChainSettings chain) {
        this.chain = chain;
    }

    /**
     * What an exception thrown for {@code item} means. The chain's own failures are answers, {@code RELAYER_ERROR}
     * for a charge or refund, {@code CHAIN_UNAVAILABLE} for a verify and an unchecked answer for a funding check: no
     * RPC URL answered within the retry
     * budget ({@link RpcUnavailableException}), the node answered the call with an error ({@link RpcErrorException}:
     * a refused transaction, a rate limit, a call it cannot serve), or the relayer was interrupted while closing.
     * Anything else (a NullPointerException, an IllegalStateException or ArithmeticException of our code, an answer
     * we fail to decode) is a bug: {@link RelayOutcome.Bug}, dead-lettered by the relayer and never answered.
     */
    RelayOutcome failure(Item item, Throwable failure) {
        String message;
        switch (failure) {
            case RpcUnavailableException unavailable -> {
                message = String.valueOf(unavailable.getMessage());
                log.warn(
                        "event={}_unavailable chainId={} requestId={} reason=\"{}\"",
                        prefix(item),
                        chain.chainId(),
                        item.request().getRequestId(),
                        message);
            }
            case RpcErrorException refused -> {
                message = chain.name() + " answered " + refused.getMessage();
                log.warn(
                        "event={}_rpc_error chainId={} requestId={} reason=\"{}\"",
                        prefix(item),
                        chain.chainId(),
                        item.request().getRequestId(),
                        refused.getMessage());
            }
            case InterruptedException interrupted ->
                message = "The relayer was stopped before it finished; a retry is safe";
            default -> {
                log.error(
                        "event={}_failed_unexpectedly action=dead_letter chainId={} requestId={} exception={}",
                        prefix(item),
                        chain.chainId(),
                        item.request().getRequestId(),
                        failure.toString(),
                        failure);
                return new RelayOutcome.Bug(failure);
            }
        }
        return switch (item.kind()) {
            case VERIFY -> RelayOutcome.Refused.of(VerificationFailure.CHAIN_UNAVAILABLE, message);
            case FUNDING ->
                new RelayOutcome.FundingRead(
                        new FundingOutcome.Unchecked("The customer's wallet could not be read: " + message));
            default -> RelayOutcome.Refused.of(FailureCode.RELAYER_ERROR, message);
        };
    }

    void logAnswered(Item item, RelayOutcome outcome) {
        var request = item.request();
        switch (outcome) {
            case RelayOutcome.Refused refused ->
                log.info(
                        "event={}_refused chainId={} requestId={} invoiceId={} "
                                + "paymentId={} code={} message=\"{}\"",
                        prefix(item),
                        chain.chainId(),
                        request.getRequestId(),
                        request.getInvoiceId(),
                        request.getPaymentId(),
                        refused.code(),
                        refused.message());
            case RelayOutcome.Moved moved ->
                log.info(
                        "event={}_already_done chainId={} requestId={} invoiceId={} " + "txHash={}",
                        prefix(item),
                        chain.chainId(),
                        request.getRequestId(),
                        request.getInvoiceId(),
                        moved.txHash());
            case RelayOutcome.Verified verified ->
                log.info(
                        "event=transfer_verified chainId={} requestId={} "
                                + "paymentId={} txHash={} amountReceivedMicros={}",
                        chain.chainId(),
                        request.getRequestId(),
                        request.getPaymentId(),
                        verified.txHash(),
                        verified.amountReceivedMicros());
            case RelayOutcome.FundingRead read -> FundingAnswers.logged(request, read.answer(), "chain");
            case RelayOutcome.Bug bug -> {
                // Logged at ERROR where it was caught.
            }
        }
    }

    static String prefix(Item item) {
        return switch (item.kind()) {
            case CHARGE -> "charge";
            case REFUND -> "refund";
            case MANDATE -> "mandate";
            case AUTHORIZATION -> "authorization";
            case CANCEL -> "cancel";
            case PERMIT -> "permit";
            case FUNDING -> "funding_check";
            case VERIFY, NONE -> "verify";
        };
    }
}
