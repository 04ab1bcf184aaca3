package io.abk.billing.chain.settlement;

import io.abk.billing.chain.domain.settlement.ChainConfiguration;
import io.abk.billing.chain.domain.settlement.FailureCode;
import io.abk.billing.chain.domain.settlement.Settlement;
import io.abk.billing.chain.domain.settlement.SettlementDecider;
import io.abk.billing.schemas.avro.ChainRequest;
import io.abk.billing.schemas.avro.SubscriptionCommand;
import org.apache.kafka.streams.processor.PunctuationType;
import org.apache.kafka.streams.processor.api.Processor;
import org.apache.kafka.streams.processor.api.ProcessorContext;
import org.apache.kafka.streams.processor.api.Record;
import org.apache.kafka.streams.state.TimestampedKeyValueStore;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Answers every chain request exactly once, in the task's exactly-once transaction: a request id answered before
 * gets the stored answer again (same command id, which the aggregate dedups); a new one is decided, stored and
 * forwarded to the subscription's command topic.
 *
 * <p>Total by design, since an unanswered request would leave a charge or refund in flight forever: a request
 * that can be addressed is always answered, with {@code RELAYER_ERROR} when it is malformed or when settling it
 * failed unexpectedly (a bug, logged at ERROR). Only a request that names no subscription, no result command id or
 * no known kind cannot be answered; it is logged at ERROR and skipped, its offset committed with the task.
 */
public final class SettlementProcessor implements Processor<String, ChainRequest, String, SubscriptionCommand> {

    private static final Logger log = LoggerFactory.getLogger(SettlementProcessor.class);
    static final String UNEXPECTED_FAILURE = "Settlement failed unexpectedly; the settlement service logged why";

    private final SettlementNodes nodes;
    private final ChainConfiguration chains;
    private @Nullable ProcessorContext<String, SubscriptionCommand> context;
    private @Nullable SettledRequests settled;

    public SettlementProcessor(SettlementNodes nodes, ChainConfiguration chains) {
        this.nodes = nodes;
        this.chains = chains;
    }

    @Override
    public void init(ProcessorContext<String, SubscriptionCommand> context) {
        this.context = context;
        TimestampedKeyValueStore<String, SubscriptionCommand> store = context.getStateStore(nodes.settledRequestsStore());
        var settledRequests = new SettledRequests(store);
        this.settled = settledRequests;
        context.schedule(SettledRequests.SWEEP_INTERVAL, PunctuationType.WALL_CLOCK_TIME, now -> {
            int deleted = settledRequests.sweep(now);
            if (deleted > 0) {
                log.info("event=settled_requests_expired task={} deleted={}", context.taskId(), deleted);
            }
        });
    }

    @Override
    public void process(Record<String, ChainRequest> record) {
        var context = required(this.context);
        var settled = required(this.settled);
        var request = record.value();
        if (request == null || !RequestMapper.addressable(request)) {
            log.error("event=settlement_request_unaddressable action=skip key={} topic={} partition={} offset={} "
                            + "request={}", record.key(), topicOf(context), partitionOf(context), offsetOf(context),
                    request);
            return;
        }
        var requestId = request.getRequestId();
        var keyed = requestId != null && !requestId.isBlank();
        var previous = keyed ? settled.answerTo(requestId) : null;
        if (previous != null) {
            log.info("event=settlement_repeated action=reemit chainRequestId={} commandId={} subscriptionId={} "
                    + "merchantId={} mode={}", requestId, previous.getCommandId(), previous.getSubscriptionId(),
                    previous.getMerchantId(), previous.getMode());
            forward(context, previous, record);
            return;
        }
        var answer = ResultMapper.toCommand(request, settle(request));
        if (keyed) {
            settled.record(requestId, answer, context.currentSystemTimeMs());
        }
        forward(context, answer, record);
    }

    private Settlement settle(ChainRequest request) {
        try {
            var settlement = SettlementDecider.decide(RequestMapper.toDomain(request), chains);
            logSettled(request, settlement);
            return settlement;
        } catch (RuntimeException bug) {
            log.error("event=settlement_failed_unexpectedly chainRequestId={} subscriptionId={} merchantId={} mode={} "
                            + "exception={}", request.getRequestId(), request.getSubscriptionId(),
                    request.getMerchantId(), request.getMode(), bug.toString(), bug);
            return new Settlement.Failed(FailureCode.RELAYER_ERROR, UNEXPECTED_FAILURE);
        }
    }

    private void forward(ProcessorContext<String, SubscriptionCommand> context, SubscriptionCommand answer,
            Record<String, ChainRequest> request) {
        context.forward(new Record<>(answer.getSubscriptionId(), answer, request.timestamp()), nodes.resultsSink());
    }

    private static void logSettled(ChainRequest request, Settlement settlement) {
        switch (settlement) {
            case Settlement.Succeeded succeeded -> log.info("event=settled outcome=succeeded chainRequestId={} "
                            + "invoiceId={} subscriptionId={} merchantId={} mode={} amountMicros={} txHash={}",
                    request.getRequestId(), request.getInvoiceId(), request.getSubscriptionId(),
                    request.getMerchantId(), request.getMode(), request.getAmountMicros(), succeeded.txHash());
            case Settlement.Failed failed -> log.info("event=settled outcome=failed chainRequestId={} invoiceId={} "
                            + "subscriptionId={} merchantId={} mode={} amountMicros={} failureCode={} message=\"{}\"",
                    request.getRequestId(), request.getInvoiceId(), request.getSubscriptionId(),
                    request.getMerchantId(), request.getMode(), request.getAmountMicros(), failed.code(),
                    failed.message());
        }
    }

    private static @Nullable String topicOf(ProcessorContext<?, ?> context) {
        return context.recordMetadata().map(metadata -> metadata.topic()).orElse(null);
    }

    private static int partitionOf(ProcessorContext<?, ?> context) {
        return context.recordMetadata().map(metadata -> metadata.partition()).orElse(-1);
    }

    private static long offsetOf(ProcessorContext<?, ?> context) {
        return context.recordMetadata().map(metadata -> metadata.offset()).orElse(-1L);
    }

    private static <T> T required(@Nullable T initialised) {
        if (initialised == null) {
            throw new IllegalStateException("process() before init()");
        }
        return initialised;
    }
}
