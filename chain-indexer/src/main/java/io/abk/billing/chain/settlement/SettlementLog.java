package io.abk.billing.chain.settlement;

import io.abk.billing.chain.domain.settlement.SettlementOutcome;
import io.abk.billing.chain.domain.verification.VerificationOutcome;
import io.abk.billing.schemas.avro.ChainRequest;
import org.apache.kafka.streams.processor.api.ProcessorContext;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The settlement processors' log lines: one per decision, key=value with the request's ids, merchant and mode, and
 * one per record they skip.
 */
final class SettlementLog {

    private static final Logger log = LoggerFactory.getLogger(SettlementLog.class);

    private SettlementLog() {}

    static void settled(ChainRequest request, SettlementOutcome settlement) {
        switch (settlement) {
            case SettlementOutcome.Succeeded succeeded ->
                log.info("event=settled outcome=succeeded {} txHash={}", settlementFields(request), succeeded.txHash());
            case SettlementOutcome.Failed failed ->
                log.info(
                        "event=settled outcome=failed {} failureCode={} message=\"{}\"",
                        settlementFields(request),
                        failed.code(),
                        failed.message());
            case SettlementOutcome.Relayed relayed ->
                log.info("event=settlement_relayed {}", settlementFields(request));
        }
    }

    static void verified(ChainRequest request, VerificationOutcome verification) {
        switch (verification) {
            case VerificationOutcome.Paid paid ->
                log.info("event=verified outcome=paid {} txHash={}", verificationFields(request), paid.txHash());
            case VerificationOutcome.Failed failed ->
                log.info(
                        "event=verified outcome=failed {} failureCode={} message=\"{}\"",
                        verificationFields(request),
                        failed.code(),
                        failed.message());
            case VerificationOutcome.PaidIfUnclaimed transfer ->
                log.info(
                        "event=verified outcome=claiming {} txHash={}", verificationFields(request), transfer.txHash());
            case VerificationOutcome.Relayed relayed ->
                log.info("event=verification_relayed {}", verificationFields(request));
        }
    }

    /** What every line about a charge's or refund's settlement carries: its ids, merchant, mode and amount. */
    private static String settlementFields(ChainRequest request) {
        return "chainRequestId=" + request.getRequestId() + " invoiceId=" + request.getInvoiceId()
                + " subscriptionId=" + request.getSubscriptionId() + " merchantId=" + request.getMerchantId()
                + " mode=" + request.getMode() + " amountMicros=" + request.getAmountMicros();
    }

    /** What every line about a payment's verification carries: its ids, merchant, mode and amount. */
    private static String verificationFields(ChainRequest request) {
        return "chainRequestId=" + request.getRequestId() + " paymentId=" + request.getPaymentId() + " merchantId="
                + request.getMerchantId() + " mode=" + request.getMode() + " amountMicros="
                + request.getAmountMicros();
    }

    /**
     * A record whose answer could reach nobody ({@link RequestMapper#addressee}), skipped: {@code event} names what it
     * is ({@code settlement_request}), and the line says where it came from and what it held, under {@code field}.
     */
    static void unaddressable(
            String event, @Nullable String key, ProcessorContext<?, ?> context, String field, @Nullable Object value) {
        log.error(
                "event={}_unaddressable action=skip key={} topic={} partition={} offset={} {}={}",
                event,
                key,
                RecordPosition.topic(context),
                RecordPosition.partition(context),
                RecordPosition.offset(context),
                field,
                value);
    }

    /** One line per relayer result read from chain.results. */
    static void relayed(ChainRequest request, Object outcome) {
        log.info(
                "event=relayer_result chainRequestId={} invoiceId={} paymentId={} merchantId={} mode={} outcome={}",
                request.getRequestId(),
                request.getInvoiceId(),
                request.getPaymentId(),
                request.getMerchantId(),
                request.getMode(),
                outcome);
    }

    /** Logs carry the holder of a refused hash for operators; the customer's message never names it. */
    static void claimed(
            ChainRequest request, String txHash, @Nullable String holder, VerificationOutcome.Answer answer) {
        switch (answer) {
            case VerificationOutcome.Paid paid ->
                log.info(
                        "event=tx_claimed outcome=paid chainRequestId={} paymentId={} "
                                + "merchantId={} mode={} txHash={}",
                        request.getRequestId(),
                        request.getPaymentId(),
                        request.getMerchantId(),
                        request.getMode(),
                        txHash);
            case VerificationOutcome.Failed failed ->
                log.info(
                        "event=tx_claimed outcome=already_used chainRequestId={} "
                                + "paymentId={} merchantId={} mode={} txHash={} holder={} failureCode={}",
                        request.getRequestId(),
                        request.getPaymentId(),
                        request.getMerchantId(),
                        request.getMode(),
                        txHash,
                        holder,
                        failed.code());
        }
    }

    /** A claim that is only recorded (a paid charge, a hash-less sandbox payment) found its hash held by another. */
    static void claimConflict(ChainRequest request, String txHash, String claimant, String holder) {
        log.warn(
                "event=tx_claim_conflict action=keep_holder chainRequestId={} claimant={} holder={} merchantId={} "
                        + "mode={} txHash={}",
                request.getRequestId(),
                claimant,
                holder,
                request.getMerchantId(),
                request.getMode(),
                txHash);
    }
}
