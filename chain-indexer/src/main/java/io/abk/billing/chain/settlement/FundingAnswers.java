package io.abk.billing.chain.settlement;

import io.abk.billing.chain.domain.funding.FundingOutcome;
import io.abk.billing.schemas.avro.ChainRequest;
import io.abk.billing.schemas.avro.SettleFundingCheck;
import io.abk.billing.schemas.avro.SubscriptionCommand;
import io.abk.billing.schemas.command.AggregateEnvelope;
import io.micrometer.core.instrument.Metrics;
import java.util.Locale;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The answer to a funding check, shared by the settlement processor (the sandbox's figures, or a chain that cannot
 * be read) and the relayer (the chain's figures): {@code SettleFundingCheck} to the subscription with the request's
 * {@code resultCommandId} as command id, so the aggregate applies one answer however often it is written; its log
 * line ({@code event=funding_check}); and {@code billing_funding_checks_total{mode, outcome}} ({@code outcome} =
 * {@code checked} or {@code unchecked}).
 */
public final class FundingAnswers {

    private static final Logger log = LoggerFactory.getLogger(FundingAnswers.class);

    private FundingAnswers() {}

    /** The answer to {@code request} (a funding check) with {@code outcome}, figures read or a chain not read. */
    public static SubscriptionCommand answer(ChainRequest request, FundingOutcome outcome) {
        var settle = SettleFundingCheck.newBuilder().setRequestId(request.getRequestId());
        switch (outcome) {
            case FundingOutcome.Checked checked ->
                settle.setChecked(true)
                        .setBalanceMicros(checked.balanceMicros())
                        .setAllowanceMicros(checked.allowanceMicros())
                        .setChargesLeft(checked.chargesLeft())
                        .setBlockNumber(checked.blockNumber())
                        .setFailureMessage(null);
            case FundingOutcome.Unchecked unchecked ->
                settle.setChecked(false)
                        .setBalanceMicros(null)
                        .setAllowanceMicros(null)
                        .setChargesLeft(null)
                        .setBlockNumber(null)
                        .setFailureMessage(unchecked.message());
            case FundingOutcome.Relayed relayed ->
                throw new IllegalArgumentException("a relayed funding check is answered by the relayer");
        }
        return AggregateEnvelope.SUBSCRIPTION.answer(request, request.getSubscriptionId(), settle.build());
    }

    /** One line per check answered; {@code source} is {@code sandbox}, {@code settlement} or {@code chain}. */
    public static void logged(ChainRequest request, FundingOutcome outcome, String source) {
        switch (outcome) {
            case FundingOutcome.Checked checked ->
                log.info(
                        "event=funding_check subscriptionId={} checked=true source={} chainRequestId={} merchantId={} "
                                + "mode={} amountMicros={} balanceMicros={} allowanceMicros={} chargesLeft={} "
                                + "blockNumber={}",
                        request.getSubscriptionId(),
                        source,
                        request.getRequestId(),
                        request.getMerchantId(),
                        request.getMode(),
                        request.getAmountMicros(),
                        checked.balanceMicros(),
                        checked.allowanceMicros(),
                        checked.chargesLeft(),
                        checked.blockNumber());
            case FundingOutcome.Unchecked unchecked ->
                log.info(
                        "event=funding_check subscriptionId={} checked=false source={} chainRequestId={} merchantId={} "
                                + "mode={} message=\"{}\"",
                        request.getSubscriptionId(),
                        source,
                        request.getRequestId(),
                        request.getMerchantId(),
                        request.getMode(),
                        unchecked.message());
            case FundingOutcome.Relayed relayed ->
                log.info(
                        "event=funding_check_relayed subscriptionId={} chainRequestId={} merchantId={} mode={}",
                        request.getSubscriptionId(),
                        request.getRequestId(),
                        request.getMerchantId(),
                        request.getMode());
        }
    }

    /** Counts one answer written. */
    public static void counted(ChainRequest request, SettleFundingCheck answer) {
        Metrics.counter(
                        "billing.funding.checks",
                        "service",
                        "chain-indexer",
                        "mode",
                        request.getMode().name().toLowerCase(Locale.ROOT),
                        "outcome",
                        answer.getChecked() ? "checked" : "unchecked")
                .increment();
    }
}
