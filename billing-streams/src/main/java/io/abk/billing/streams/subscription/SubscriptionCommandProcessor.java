package io.abk.billing.streams.subscription;

import io.abk.billing.schemas.avro.SubscriptionAggregate;
import io.abk.billing.schemas.avro.SubscriptionCommand;
import io.abk.billing.streams.command.ProcessedCommands;
import io.abk.billing.streams.domain.subscription.DunningPolicy;
import org.apache.avro.specific.SpecificRecord;
import org.apache.kafka.streams.processor.PunctuationType;
import org.apache.kafka.streams.processor.api.Processor;
import org.apache.kafka.streams.processor.api.ProcessorContext;
import org.apache.kafka.streams.processor.api.Record;
import org.apache.kafka.streams.state.KeyValueStore;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The single writer of every subscription aggregate: for each command, skip it if its id was applied already,
 * else load the aggregate, decide, store the new state, and forward one {@code Change}, the events and the
 * settlement requests it started, all in the task's exactly-once transaction. A thrown exception (a bug) reaches the processing exception handler
 * with nothing written, since {@link CommandHandler} computes every output first.
 */
public final class SubscriptionCommandProcessor implements Processor<String, SubscriptionCommand, String, SpecificRecord> {

    private static final Logger log = LoggerFactory.getLogger(SubscriptionCommandProcessor.class);

    private final SubscriptionNodes nodes;
    private final DunningPolicy dunning;
    private @Nullable ProcessorContext<String, SpecificRecord> context;
    private @Nullable KeyValueStore<String, SubscriptionAggregate> aggregates;
    private @Nullable ProcessedCommands processed;

    public SubscriptionCommandProcessor(SubscriptionNodes nodes, DunningPolicy dunning) {
        this.nodes = nodes;
        this.dunning = dunning;
    }

    @Override
    public void init(ProcessorContext<String, SpecificRecord> context) {
        this.context = context;
        this.aggregates = context.getStateStore(nodes.aggregateStore());
        KeyValueStore<String, Long> processedStore = context.getStateStore(nodes.processedCommandStore());
        var processedCommands = new ProcessedCommands(processedStore);
        this.processed = processedCommands;
        context.schedule(ProcessedCommands.SWEEP_INTERVAL, PunctuationType.WALL_CLOCK_TIME, now -> {
            int deleted = processedCommands.sweep(now);
            if (deleted > 0) {
                log.info("event=processed_commands_expired task={} deleted={}", context.taskId(), deleted);
            }
        });
    }

    @Override
    public void process(Record<String, SubscriptionCommand> record) {
        var context = required(this.context);
        var processed = required(this.processed);
        var envelope = record.value();
        if (envelope == null || record.key() == null || !record.key().equals(envelope.getSubscriptionId())) {
            throw new IllegalArgumentException("a subscription command must be keyed by its subscription id: key="
                    + record.key() + " command=" + (envelope == null ? "null" : envelope.getCommandId()));
        }
        var commandId = envelope.getCommandId();
        if (processed.contains(commandId)) {
            log.info("event=command_duplicate_skipped commandId={} subscriptionId={}", commandId, record.key());
            return;
        }
        var aggregates = required(this.aggregates);
        var handled = CommandHandler.handle(envelope, aggregates.get(record.key()), dunning);
        if (handled.aggregate() != null) {
            aggregates.put(record.key(), handled.aggregate());
        }
        processed.markProcessed(commandId, context.currentSystemTimeMs());
        context.forward(new Record<String, SpecificRecord>(record.key(), handled.change(), record.timestamp()),
                nodes.changesSink());
        for (var event : handled.events()) {
            context.forward(new Record<String, SpecificRecord>(record.key(), event, record.timestamp()),
                    nodes.eventsSink());
        }
        for (var request : handled.chainRequests()) {
            context.forward(new Record<String, SpecificRecord>(request.getInvoiceId(), request, record.timestamp()),
                    nodes.chainRequestsSink());
        }
        logOutcome(envelope, handled);
    }

    private static void logOutcome(SubscriptionCommand envelope, CommandHandler.Handled handled) {
        var rejection = handled.change().getRejection();
        if (rejection != null) {
            log.info("event=command_rejected commandId={} subscriptionId={} merchantId={} mode={} requestId={} code={}",
                    envelope.getCommandId(), envelope.getSubscriptionId(), envelope.getMerchantId(),
                    envelope.getMode(), envelope.getRequestId(), rejection.getCode());
        } else if (log.isDebugEnabled()) {
            log.debug("event=command_accepted commandId={} subscriptionId={} merchantId={} mode={} requestId={} events={}",
                    envelope.getCommandId(), envelope.getSubscriptionId(), envelope.getMerchantId(),
                    envelope.getMode(), envelope.getRequestId(), handled.events().size());
        }
    }

    private static <T> T required(@Nullable T initialised) {
        if (initialised == null) {
            throw new IllegalStateException("process() before init()");
        }
        return initialised;
    }
}
