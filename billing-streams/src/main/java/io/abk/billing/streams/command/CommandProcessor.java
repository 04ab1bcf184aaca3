package io.abk.billing.streams.command;

import io.abk.billing.schemas.avro.Change;
import java.util.ArrayList;
import java.util.List;
import org.apache.avro.specific.SpecificRecord;
import org.apache.kafka.common.KafkaException;
import org.apache.kafka.streams.processor.PunctuationType;
import org.apache.kafka.streams.processor.api.Processor;
import org.apache.kafka.streams.processor.api.ProcessorContext;
import org.apache.kafka.streams.processor.api.Record;
import org.apache.kafka.streams.state.KeyValueStore;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The single writer of one aggregate type (subscriptions, payments or payment links): for each command, skip it if
 * its id was applied already, else load the aggregate, let the {@link AggregateAdapter} decide, store the new
 * state, and forward one {@code Change} and whatever else the command produced (events, chain requests, commands
 * for another aggregate), all in the task's exactly-once transaction. A thrown exception (a bug) reaches the
 * processing exception handler with nothing written, since the adapter computes every output first.
 */
public final class CommandProcessor<C extends SpecificRecord, A>
        implements Processor<String, C, String, SpecificRecord> {

    private static final Logger log = LoggerFactory.getLogger(CommandProcessor.class);

    private final CommandNodes nodes;
    private final AggregateAdapter<C, A> adapter;
    private @Nullable ProcessorContext<String, SpecificRecord> context;
    private @Nullable KeyValueStore<String, A> aggregates;
    private @Nullable ProcessedCommands processed;

    public CommandProcessor(CommandNodes nodes, AggregateAdapter<C, A> adapter) {
        this.nodes = nodes;
        this.adapter = adapter;
    }

    @Override
    public void init(ProcessorContext<String, SpecificRecord> context) {
        this.context = context;
        this.aggregates = context.getStateStore(nodes.aggregateStore());
        KeyValueStore<String, Long> processedStore = context.getStateStore(nodes.processedCommandStore());
        var processedCommands = new ProcessedCommands(processedStore);
        this.processed = processedCommands;
        adapter.init(context);
        context.schedule(ProcessedCommands.SWEEP_INTERVAL, PunctuationType.WALL_CLOCK_TIME, now -> {
            int deleted = processedCommands.sweep(now);
            if (deleted > 0) {
                log.info(
                        "event=processed_commands_expired store={} task={} deleted={}",
                        nodes.processedCommandStore(),
                        context.taskId(),
                        deleted);
            }
        });
    }

    @Override
    public void process(Record<String, C> record) {
        var context = required(this.context);
        var processed = required(this.processed);
        var envelope = record.value();
        if (envelope == null) {
            throw new IllegalArgumentException(
                    "a command record without a value: key=" + record.key() + " store=" + nodes.aggregateStore());
        }
        var header = CommandHeader.of(envelope);
        var items = adapter.batchItems(envelope);
        if (items != null) {
            applyBatch(context, processed, record, header, items);
            return;
        }
        if (record.key() == null || !record.key().equals(header.aggregateId())) {
            // The single-writer rule: a command on another aggregate's partition must not touch the store there.
            throw new IllegalArgumentException("a command must be keyed by its aggregate's id: key=" + record.key()
                    + " aggregateId=" + header.aggregateId() + " command=" + header.commandId());
        }
        try (var fields = LogFields.of(header)) {
            var forwards = new ArrayList<AggregateAdapter.Forward>();
            apply(context, processed, record, header, envelope, forwards);
            forward(context, forwards, record.timestamp());
        }
    }

    /**
     * Applies each command of a batch exactly as if it had come alone under its own key: its own command id
     * de-duplicates it, its own change answers it, and a rejected item rejects only itself. An item for an aggregate
     * this task does not hold finds no aggregate and is rejected, so a batch can never write another task's
     * aggregate. An item that throws (a bug in deciding or mapping it) does not stop the items after it; once all were
     * tried, the batch is thrown to the failure handler, which sends it to the dead-letter topic: replayed from there,
     * the items applied already are skipped as duplicates and only the failed ones are tried again. Kafka's own
     * exceptions (a fenced producer, a migrated task) are not caught: they abort the whole transaction.
     */
    private void applyBatch(
            ProcessorContext<String, SpecificRecord> context,
            ProcessedCommands processed,
            Record<String, C> record,
            CommandHeader batch,
            List<C> items) {
        RuntimeException failure = null;
        int failed = 0;
        var held = new ArrayList<AggregateAdapter.Forward>();
        for (var item : items) {
            var header = CommandHeader.of(item);
            try (var fields = LogFields.of(header)) {
                apply(context, processed, record.withKey(header.aggregateId()).withValue(item), header, item, held);
            } catch (KafkaException e) {
                // Kafka Streams' own (a fenced producer, a migrated task, a record it cannot send) must reach the
                // stream
                // thread at once, which aborts the transaction with every item's writes.
                throw e;
            } catch (RuntimeException e) {
                log.error(
                        "event=batch_item_failed batchCommandId={} commandId={} aggregateId={}",
                        batch.commandId(),
                        header.commandId(),
                        header.aggregateId(),
                        e);
                failed++;
                if (failure == null) {
                    failure = e;
                }
            }
        }
        // The applied items' records go out whether or not another item failed: their changes are written already.
        forward(context, adapter.combine(held), record.timestamp());
        CommandMeters.batch(nodes.aggregateStore(), batch.type(), items.size());
        if (failure != null) {
            throw new IllegalStateException(
                    "batch " + batch.commandId() + ": " + failed + " of " + items.size() + " commands failed", failure);
        }
    }

    /**
     * Applies one command: writes its aggregate, its applied id and its change, and adds what else it sends to
     * {@code forwards}, which the caller sends (a batch's, once every item was applied).
     */
    private void apply(
            ProcessorContext<String, SpecificRecord> context,
            ProcessedCommands processed,
            Record<String, C> record,
            CommandHeader header,
            C envelope,
            List<AggregateAdapter.Forward> forwards) {
        if (processed.contains(header.commandId())) {
            log.info("event=command_duplicate_skipped commandId={} aggregateId={}", header.commandId(), record.key());
            CommandMeters.duplicate(nodes.aggregateStore(), header.type());
            return;
        }
        var aggregates = required(this.aggregates);
        var stored = aggregates.get(record.key());
        if (stored != null && !adapter.idOf(stored).equals(record.key())) {
            // A value under another aggregate's key is a corrupt store: deciding on it would write the wrong aggregate.
            throw new IllegalStateException("the store " + nodes.aggregateStore() + " holds " + adapter.idOf(stored)
                    + " under key " + record.key());
        }
        var applied = adapter.apply(header, envelope, stored);
        if (applied.aggregate() != null) {
            aggregates.put(record.key(), applied.aggregate());
        }
        processed.markProcessed(header.commandId(), context.currentSystemTimeMs());
        context.forward(
                new Record<String, SpecificRecord>(record.key(), applied.change(), record.timestamp()),
                nodes.changesSink());
        forwards.addAll(applied.forwards());
        logOutcome(header, applied);
        CommandMeters.applied(applied.change(), header.type());
    }

    private static void forward(
            ProcessorContext<String, SpecificRecord> context, List<AggregateAdapter.Forward> forwards, long timestamp) {
        for (var out : forwards) {
            context.forward(new Record<>(out.key(), out.value(), timestamp), out.sink());
        }
    }

    private static void logOutcome(CommandHeader header, AggregateAdapter.Applied<?> applied) {
        var change = applied.change();
        var rejection = change.getRejection();
        if (rejection != null) {
            log.info("event=command_rejected {} code={}", commandFields(header, change), rejection.getCode());
        } else if (log.isDebugEnabled()) {
            log.debug(
                    "event=command_accepted {} forwards={}",
                    commandFields(header, change),
                    applied.forwards().size());
        }
    }

    /** The command's fields of both outcome lines. */
    private static String commandFields(CommandHeader header, Change change) {
        return "commandId=" + header.commandId() + " aggregateType=" + change.getAggregateType() + " aggregateId="
                + header.aggregateId() + " merchantId=" + header.merchantId() + " mode=" + header.mode()
                + " requestId=" + header.requestId();
    }

    private static <T> T required(@Nullable T initialised) {
        if (initialised == null) {
            throw new IllegalStateException("process() before init()");
        }
        return initialised;
    }
}
