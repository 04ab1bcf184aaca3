package io.abk.billing.chain.settlement;

import static io.abk.billing.chain.settlement.SettlementAnswers.answerFirst;
import static io.abk.billing.chain.settlement.SettlementAnswers.answerPayment;
import static io.abk.billing.chain.settlement.SettlementAnswers.answerPaymentFirst;
import static io.abk.billing.chain.settlement.SettlementAnswers.answerSubscription;
import static io.abk.billing.chain.settlement.SettlementAnswers.claim;
import static io.abk.billing.chain.settlement.SettlementAnswers.forwardPayment;

import io.abk.billing.chain.domain.settlement.ConfiguredChains;
import io.abk.billing.chain.domain.settlement.FailureCode;
import io.abk.billing.chain.domain.settlement.SettlementOutcome;
import io.abk.billing.chain.domain.settlement.TransactionGas;
import io.abk.billing.chain.domain.verification.VerificationFailure;
import io.abk.billing.chain.domain.verification.VerificationOutcome;
import io.abk.billing.schemas.avro.ChainRequest;
import io.abk.billing.schemas.avro.ChainResult;
import io.abk.billing.schemas.avro.Executed;
import io.abk.billing.schemas.avro.NotExecuted;
import io.abk.billing.schemas.avro.PaymentCommand;
import io.abk.billing.schemas.avro.SubscriptionCommand;
import io.abk.billing.schemas.avro.TransferVerified;
import io.abk.billing.schemas.mode.ModeMapper;
import java.math.BigInteger;
import org.apache.kafka.streams.processor.api.Processor;
import org.apache.kafka.streams.processor.api.ProcessorContext;
import org.apache.kafka.streams.processor.api.Record;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Turns what the relayer did on chain ({@code chain.results}) into the request's one answer, in the same task and
 * with the same stores as {@link SettlementProcessor}: the relayer writes at least once, so a result for a request
 * answered before re-emits the stored answer (same command id, applied once by the aggregate), never a second
 * decision. A charge's, refund's, signed mandate's or transfer authorization's outcome, with the gas of the relayer's
 * transaction, is recorded and forwarded like a sandbox settlement; a verified transfer
 * goes to the claims of its hash (it pays only if no other payment or invoice used it); a verification failure is
 * answered as it is. An outcome that cannot answer its request (a transfer verified for a charge, say) is the
 * relayer's bug: it throws, so the result is dead-lettered instead of reaching the customer as a failure.
 */
public final class RelayedResultProcessor implements Processor<String, ChainResult, String, SettlementOutput> {

    private static final Logger log = LoggerFactory.getLogger(RelayedResultProcessor.class);

    private final SettlementNodes nodes;
    private final ConfiguredChains chains;
    private @Nullable ProcessorContext<String, SettlementOutput> context;
    private @Nullable SettledRequests<SubscriptionCommand> settled;
    private @Nullable SettledRequests<PaymentCommand> settledPayments;

    public RelayedResultProcessor(SettlementNodes nodes, ConfiguredChains chains) {
        this.nodes = nodes;
        this.chains = chains;
    }

    @Override
    public void init(ProcessorContext<String, SettlementOutput> context) {
        this.context = context;
        this.settled = SettledRequests.subscriptions(context, nodes);
        this.settledPayments = SettledRequests.payments(context, nodes);
    }

    @Override
    public void process(Record<String, ChainResult> record) {
        var context = required(this.context);
        var result = record.value();
        var request = result == null ? null : result.getRequest();
        var addressee = request == null ? RequestMapper.Addressee.NOBODY : RequestMapper.addressee(request);
        switch (addressee) {
            case SUBSCRIPTION, MANDATE, CUSTOMER ->
                settleForSubscription(context, result, addressee, record.timestamp());
            case PAYMENT -> answerVerification(context, result, record.timestamp());
            case AUTHORIZATION -> settleAuthorization(context, result, record.timestamp());
            // The relayer answers a funding check on the subscription's command topic, never here: its bug.
            case FUNDING ->
                throw new IllegalStateException(
                        "the relayer wrote a funding check to chain.results (key " + record.key() + ")");
            case NOBODY -> SettlementLog.unaddressable("relayer_result", record.key(), context, "result", result);
        }
    }

    private void settleForSubscription(
            ProcessorContext<String, SettlementOutput> context,
            ChainResult result,
            RequestMapper.Addressee addressee,
            long timestamp) {
        var settled = required(this.settled);
        var request = result.getRequest();
        var previous = settled.answerTo(request.getRequestId());
        if (previous != null) {
            log.info(
                    "event=relayer_result_repeated action=reemit chainRequestId={} commandId={}",
                    request.getRequestId(),
                    previous.getCommandId());
            answerSubscription(context, request, previous, timestamp, SettlementAnswers.at(context, timestamp));
            return;
        }
        var settlement = settlement(request, result.getOutcome());
        var answer = SignatureResultMapper.forSubscription(addressee, request, settlement);
        SettlementLog.relayed(request, result.getOutcome());
        answerFirst(
                context,
                settled,
                request,
                answer,
                timestamp,
                chainId(request),
                SettlementAnswers.at(context, timestamp));
    }

    private void settleAuthorization(
            ProcessorContext<String, SettlementOutput> context, ChainResult result, long timestamp) {
        var settled = required(this.settledPayments);
        var request = result.getRequest();
        var previous = settled.answerTo(request.getRequestId());
        if (previous != null) {
            log.info(
                    "event=relayer_result_repeated action=reemit chainRequestId={} commandId={}",
                    request.getRequestId(),
                    previous.getCommandId());
            forwardPayment(context, previous, timestamp);
            return;
        }
        var answer = SignatureResultMapper.authorization(request, settlement(request, result.getOutcome()));
        SettlementLog.relayed(request, result.getOutcome());
        answerPaymentFirst(context, settled, request, answer, timestamp, chainId(request));
    }

    private long chainId(ChainRequest request) {
        return chains.chainId(ModeMapper.toDomain(request.getMode()));
    }

    private static void answerVerification(
            ProcessorContext<String, SettlementOutput> context, ChainResult result, long timestamp) {
        var request = result.getRequest();
        SettlementLog.relayed(request, result.getOutcome());
        switch (result.getOutcome()) {
            case TransferVerified verified ->
                claim(context, verified.getTxHash(), request, verified.getAmountReceivedMicros(), timestamp);
            case NotExecuted failed -> answerPayment(context, request, verificationFailure(failed), timestamp);
            // The relayer is ours: another outcome for a verification is its bug, for the dead-letter topic.
            default ->
                throw new IllegalStateException("the relayer answered verification " + request.getRequestId() + " with "
                        + result.getOutcome().getClass().getSimpleName());
        }
    }

    private static SettlementOutcome settlement(ChainRequest request, Object outcome) {
        return switch (outcome) {
            case Executed executed ->
                new SettlementOutcome.Succeeded(
                        executed.getTxHash(), gas(executed.getGasUsed(), executed.getGasCostWei()));
            case NotExecuted failed ->
                new SettlementOutcome.Failed(
                        FailureCode.parse(failed.getFailureCode()).orElse(FailureCode.RELAYER_ERROR),
                        failed.getFailureMessage(),
                        gas(failed.getGasUsed(), failed.getGasCostWei()));
            // The relayer is ours: another outcome for a charge, refund or signature is its bug, for the dead-letter
            // topic.
            default ->
                throw new IllegalStateException("the relayer answered " + request.getRequestId() + " with "
                        + outcome.getClass().getSimpleName());
        };
    }

    /** The gas the relayer reported, both parts or none (a result written before gas was recorded has none). */
    private static @Nullable TransactionGas gas(@Nullable Long used, @Nullable String costWei) {
        return used == null || costWei == null ? null : new TransactionGas(used, new BigInteger(costWei));
    }

    private static VerificationOutcome.Failed verificationFailure(NotExecuted failed) {
        return new VerificationOutcome.Failed(
                VerificationFailure.parse(failed.getFailureCode()).orElse(VerificationFailure.CHAIN_UNAVAILABLE),
                failed.getFailureMessage());
    }

    private static <T> T required(@Nullable T initialised) {
        if (initialised == null) {
            throw new IllegalStateException("process() before init()");
        }
        return initialised;
    }
}
