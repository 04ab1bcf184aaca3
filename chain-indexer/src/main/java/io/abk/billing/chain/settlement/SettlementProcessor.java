package io.abk.billing.chain.settlement;

import static io.abk.billing.chain.settlement.SettlementAnswers.answerFirst;
import static io.abk.billing.chain.settlement.SettlementAnswers.answerPayment;
import static io.abk.billing.chain.settlement.SettlementAnswers.answerPaymentFirst;
import static io.abk.billing.chain.settlement.SettlementAnswers.answerSubscription;
import static io.abk.billing.chain.settlement.SettlementAnswers.answerTogether;
import static io.abk.billing.chain.settlement.SettlementAnswers.claim;
import static io.abk.billing.chain.settlement.SettlementAnswers.forwardPayment;

import io.abk.billing.chain.domain.funding.FundingCheckDecider;
import io.abk.billing.chain.domain.funding.FundingOutcome;
import io.abk.billing.chain.domain.settlement.ConfiguredChains;
import io.abk.billing.chain.domain.settlement.SettlementDecider;
import io.abk.billing.chain.domain.settlement.SettlementOutcome;
import io.abk.billing.chain.domain.verification.VerificationDecider;
import io.abk.billing.chain.domain.verification.VerificationOutcome;
import io.abk.billing.schemas.avro.ChainRequest;
import io.abk.billing.schemas.avro.ChainRequestBatch;
import io.abk.billing.schemas.avro.PaymentCommand;
import io.abk.billing.schemas.avro.SubscriptionCommand;
import io.abk.billing.schemas.mode.ModeMapper;
import java.util.ArrayList;
import java.util.function.Consumer;
import org.apache.kafka.streams.processor.PunctuationType;
import org.apache.kafka.streams.processor.api.Processor;
import org.apache.kafka.streams.processor.api.ProcessorContext;
import org.apache.kafka.streams.processor.api.Record;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Answers every chain request exactly once, in the task's exactly-once transaction.
 * <ul>
 *   <li>Charges and refunds: a request id answered before gets the stored answer again (same command id, which
 *       the aggregate dedups); a new one is decided, stored and forwarded to the subscription's command topic. A
 *       successful charge also claims its tx hash for its invoice, so no payment can be confirmed with it.</li>
 *   <li>Signed mandates, transfer authorizations and a customer's signed cancels and permits: the same, stored by
 *       request id, answered to the subscription ({@code SettleSignedMandate}, {@code SettleCustomerRequest}) or the
 *       payment ({@code SettleTransferAuthorization}); only a chain submits them, so without one for the mode they
 *       fail with {@code RELAYER_ERROR}.</li>
 *   <li>Funding checks before a renewal: the sandbox's figures, or an unread answer where the mode has no chain,
 *       stored and answered to the subscription ({@code SettleFundingCheck}) like the above; a chain's relayer reads
 *       and answers the rest itself.</li>
 *   <li>Payment verifications: decided and answered to the payment's command topic, except a transfer that pays
 *       only if its hash is unclaimed, which goes to the {@code tx-claims} repartition to be answered there. No
 *       answer is stored: the decision is pure and a claim is permanent, so a repeat gets the same answer.</li>
 * </ul>
 *
 * <p>A {@code ChainRequestBatch} (the charges of a batch of renewals, the funding checks of a batch of checks) is
 * settled request by request, each exactly as if it had come alone; the answers given here to subscriptions go out as
 * one {@code SettleRequests}, and the requests left to the relayer are the relayer's, which takes them out of the
 * batch itself.
 *
 * <p>Every request that can be addressed is answered, since an unanswered one would leave a charge, refund or
 * confirm in flight: a malformed one with {@code RELAYER_ERROR} or {@code CHAIN_UNAVAILABLE} (the deciders say
 * why). An exception while deciding or answering is a bug, not the customer's failed payment: it propagates to the
 * processing exception handler, which dead-letters the request ({@code chain.indexer-dlt}) with nothing written
 * for it, so it can be replayed once fixed. A request whose answer could reach nobody (see
 * {@link RequestMapper#addressee}) is logged at ERROR and skipped, its offset committed with the task.
 */
public final class SettlementProcessor implements Processor<String, ChainRequest, String, SettlementOutput> {

    private static final Logger log = LoggerFactory.getLogger(SettlementProcessor.class);

    private final SettlementNodes nodes;
    private final ConfiguredChains chains;
    private @Nullable ProcessorContext<String, SettlementOutput> context;
    private @Nullable SettledRequests<SubscriptionCommand> settled;
    private @Nullable SettledRequests<PaymentCommand> settledPayments;

    public SettlementProcessor(SettlementNodes nodes, ConfiguredChains chains) {
        this.nodes = nodes;
        this.chains = chains;
    }

    @Override
    public void init(ProcessorContext<String, SettlementOutput> context) {
        this.context = context;
        var settledRequests = SettledRequests.subscriptions(context, nodes);
        var settledPaymentRequests = SettledRequests.payments(context, nodes);
        this.settled = settledRequests;
        this.settledPayments = settledPaymentRequests;
        context.schedule(SettledRequests.SWEEP_INTERVAL, PunctuationType.WALL_CLOCK_TIME, now -> {
            int deleted = settledRequests.sweep(now) + settledPaymentRequests.sweep(now);
            if (deleted > 0) {
                log.info("event=settled_requests_expired task={} deleted={}", context.taskId(), deleted);
            }
        });
    }

    @Override
    public void process(Record<String, ChainRequest> record) {
        var context = required(this.context);
        var request = record.value();
        if (request != null && request.getPayload() instanceof ChainRequestBatch batch) {
            // Each request as if it had come alone; the subscriptions' answers given here go out together.
            var answers = new ArrayList<SubscriptionCommand>();
            for (var item : batch.getRequests()) {
                settle(context, item, record.key(), record.timestamp(), answers::add);
            }
            answerTogether(context, answers, record.timestamp());
            return;
        }
        settle(context, request, record.key(), record.timestamp(), SettlementAnswers.at(context, record.timestamp()));
    }

    /** Settles one request, a subscription's answer given to {@code send}. */
    private void settle(
            ProcessorContext<String, SettlementOutput> context,
            ChainRequest request,
            String key,
            long timestamp,
            Consumer<SubscriptionCommand> send) {
        var addressee = request == null ? RequestMapper.Addressee.NOBODY : RequestMapper.addressee(request);
        switch (addressee) {
            case SUBSCRIPTION, MANDATE, CUSTOMER -> settleForSubscription(context, request, addressee, timestamp, send);
            case PAYMENT -> verify(context, request, timestamp);
            case AUTHORIZATION -> settleAuthorization(context, request, timestamp);
            case FUNDING -> checkFunding(context, request, timestamp, send);
            case NOBODY -> SettlementLog.unaddressable("settlement_request", key, context, "request", request);
        }
    }

    private void settleForSubscription(
            ProcessorContext<String, SettlementOutput> context,
            ChainRequest request,
            RequestMapper.Addressee addressee,
            long timestamp,
            Consumer<SubscriptionCommand> send) {
        if (reemitted(context, request, timestamp, send)) {
            return;
        }
        var settled = required(this.settled);
        var settlement = settle(request);
        if (settlement instanceof SettlementOutcome.Relayed) {
            // The relayer reads the same request and answers on chain.results (RelayedResultProcessor).
            return;
        }
        var answer = SignatureResultMapper.forSubscription(addressee, request, settlement);
        answerFirst(context, settled, request, answer, timestamp, chainId(request), send);
    }

    /**
     * A subscription's request answered before (read again after a crash or a rebalance): its stored answer is
     * emitted again, with the same command id, and true is returned; false when there is none.
     */
    private boolean reemitted(
            ProcessorContext<String, SettlementOutput> context,
            ChainRequest request,
            long timestamp,
            Consumer<SubscriptionCommand> send) {
        var requestId = request.getRequestId();
        var keyed = requestId != null && !requestId.isBlank();
        var previous = keyed ? required(this.settled).answerTo(requestId) : null;
        if (previous == null) {
            return false;
        }
        log.info(
                "event=settlement_repeated action=reemit chainRequestId={} commandId={} subscriptionId={} "
                        + "merchantId={} mode={}",
                requestId,
                previous.getCommandId(),
                previous.getSubscriptionId(),
                previous.getMerchantId(),
                previous.getMode());
        answerSubscription(context, request, previous, timestamp, send);
        return true;
    }

    /** A transfer authorization: as a subscription's request, with the payment's store and command. */
    private void settleAuthorization(
            ProcessorContext<String, SettlementOutput> context, ChainRequest request, long timestamp) {
        var settled = required(this.settledPayments);
        var requestId = request.getRequestId();
        var keyed = requestId != null && !requestId.isBlank();
        var previous = keyed ? settled.answerTo(requestId) : null;
        if (previous != null) {
            log.info(
                    "event=settlement_repeated action=reemit chainRequestId={} commandId={} paymentId={} "
                            + "merchantId={} mode={}",
                    requestId,
                    previous.getCommandId(),
                    previous.getPaymentId(),
                    previous.getMerchantId(),
                    previous.getMode());
            forwardPayment(context, previous, timestamp);
            return;
        }
        var settlement = settle(request);
        if (settlement instanceof SettlementOutcome.Relayed) {
            return;
        }
        answerPaymentFirst(
                context,
                settled,
                request,
                SignatureResultMapper.authorization(request, settlement),
                timestamp,
                chainId(request));
    }

    /**
     * A funding check: answered here in the sandbox or when the mode has no chain, stored like a settlement so a
     * repeat re-emits the same answer; the relayer of the mode's chain answers the rest by itself.
     */
    private void checkFunding(
            ProcessorContext<String, SettlementOutput> context,
            ChainRequest request,
            long timestamp,
            Consumer<SubscriptionCommand> send) {
        if (reemitted(context, request, timestamp, send)) {
            return;
        }
        var settled = required(this.settled);
        var outcome = FundingCheckDecider.decide(RequestMapper.toFundingCheck(request), chains);
        FundingAnswers.logged(request, outcome, "settlement");
        if (outcome instanceof FundingOutcome.Relayed) {
            return;
        }
        answerFirst(
                context, settled, request, FundingAnswers.answer(request, outcome), timestamp, chainId(request), send);
    }

    private long chainId(ChainRequest request) {
        return chains.chainId(ModeMapper.toDomain(request.getMode()));
    }

    private SettlementOutcome settle(ChainRequest request) {
        var settlement = SettlementDecider.decide(RequestMapper.toSettlement(request), chains);
        SettlementLog.settled(request, settlement);
        return settlement;
    }

    private void verify(ProcessorContext<String, SettlementOutput> context, ChainRequest request, long timestamp) {
        var verification = decideVerification(request);
        switch (verification) {
            case VerificationOutcome.Paid paid -> {
                answerPayment(context, request, paid, timestamp);
                // The sandbox hash of a hash-less confirm is this payment's: no other payment may use it.
                claim(context, paid.txHash(), request, timestamp);
            }
            case VerificationOutcome.Failed failed -> answerPayment(context, request, failed, timestamp);
            case VerificationOutcome.PaidIfUnclaimed transfer -> claim(context, transfer.txHash(), request, timestamp);
            case VerificationOutcome.Relayed relayed -> {
                // The relayer reads the transaction on chain and answers on chain.results.
            }
        }
    }

    private VerificationOutcome decideVerification(ChainRequest request) {
        var verification = VerificationDecider.decide(RequestMapper.toVerification(request), chains);
        SettlementLog.verified(request, verification);
        return verification;
    }

    private static <T> T required(@Nullable T initialised) {
        if (initialised == null) {
            throw new IllegalStateException("process() before init()");
        }
        return initialised;
    }
}
