package io.abk.billing.streams.usage;

import io.abk.billing.schemas.avro.MeterEvent;
import io.abk.billing.schemas.avro.UsageCommand;
import io.abk.billing.schemas.avro.UsageSummary;
import io.abk.billing.schemas.ids.MeterEvents;
import io.abk.billing.schemas.mode.ModeMapper;
import io.abk.billing.streams.command.ProcessedCommands;
import io.abk.billing.streams.shared.domain.Tenant;
import io.abk.billing.streams.usage.domain.CustomerUsage;
import io.abk.billing.streams.usage.domain.CustomerUsageRules;
import io.abk.billing.streams.usage.domain.UsageOutcome.CloseKind;
import io.abk.billing.streams.usage.domain.UsageOutcome.Counted;
import io.abk.billing.streams.usage.domain.UsageOutcome.Recorded;
import io.abk.billing.streams.usage.domain.UsageOutcome.StaleClose;
import io.abk.billing.streams.usage.domain.UsageOutcome.Stopped;
import io.abk.billing.streams.usage.domain.UsageOutcome.Tracked;
import io.abk.billing.streams.usage.domain.UsageOutcome.Untracked;
import java.time.Instant;
import java.util.LinkedHashSet;
import java.util.Set;
import org.apache.avro.specific.SpecificRecord;
import org.apache.kafka.streams.processor.PunctuationType;
import org.apache.kafka.streams.processor.api.Processor;
import org.apache.kafka.streams.processor.api.ProcessorContext;
import org.apache.kafka.streams.processor.api.Record;
import org.apache.kafka.streams.state.KeyValueStore;
import org.apache.kafka.streams.state.WindowStore;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The single writer of each customer's usage (records keyed by {@link MeterEvents#key}, co-partitioned across
 * {@code billing.meter-events} and {@code billing.usage-commands}): a meter event whose identifier is new in the
 * window counts for the customer's tracked items ({@link CustomerUsageRules}); a usage command, applied once by its id, tracks,
 * stops or closes a subscription, a close answering {@code RecordUsage} on {@code billing.subscription-commands}.
 * Summaries of the subscriptions whose counts changed go to {@code billing.usage-summaries} at each punctuation, and at
 * once after a track or a close. Per event: one identifier lookup and write, and a change of the customer's decoded
 * usage, which reaches RocksDB and the changelog once per commit ({@link CustomerUsageStore}). Everything is
 * computed before anything is written, and the stores and outputs are written in the task's exactly-once
 * transaction (docs/architecture.md, "The usage processor").
 */
public final class UsageProcessor implements Processor<String, SpecificRecord, String, SpecificRecord> {

    private static final Logger log = LoggerFactory.getLogger(UsageProcessor.class);

    private final UsageNodes nodes;
    private final UsageSettings settings;
    private final UsageMeters meters = new UsageMeters();
    /** Customers with a subscription whose summary is due; the {@code summaryDue} flags in the store say which. */
    private final Set<String> dueCustomers = new LinkedHashSet<>();
    /** Until the first punctuation, summaries a previous owner of the task left due are only in the store's flags. */
    private boolean dueLoaded;

    private @Nullable ProcessorContext<String, SpecificRecord> context;
    private @Nullable CustomerUsageStore states;
    private @Nullable IdentifierWindow identifiers;
    private @Nullable ProcessedCommands processed;

    public UsageProcessor(UsageNodes nodes, UsageSettings settings) {
        this.nodes = nodes;
        this.settings = settings;
    }

    @Override
    public void init(ProcessorContext<String, SpecificRecord> context) {
        // Kafka Streams initialises a task's processors again, on the same instance, after it restored their stores
        // (an aborted transaction wipes them): which summaries are due is read from the restored flags again.
        dueCustomers.clear();
        dueLoaded = false;
        this.context = context;
        this.states = context.getStateStore(nodes.stateStore());
        WindowStore<String, Long> identifierStore = context.getStateStore(nodes.identifierStore());
        this.identifiers = new IdentifierWindow(identifierStore, settings.deduplicationWindow());
        KeyValueStore<String, Long> processedStore = context.getStateStore(nodes.processedCommandStore());
        var processedCommands = new ProcessedCommands(processedStore);
        this.processed = processedCommands;
        context.schedule(ProcessedCommands.SWEEP_INTERVAL, PunctuationType.WALL_CLOCK_TIME, processedCommands::sweep);
        context.schedule(settings.summaryInterval(), PunctuationType.WALL_CLOCK_TIME, this::summarizeDue);
    }

    @Override
    public void process(Record<String, SpecificRecord> record) {
        switch (record.value()) {
            case MeterEvent event -> count(record.key(), event, record.timestamp());
            case UsageCommand command -> apply(record.key(), command, record.timestamp());
            case null -> throw new IllegalArgumentException("a usage record without a value: key=" + record.key());
            default ->
                throw new IllegalArgumentException("a usage record of an unknown type: key=" + record.key() + " type="
                        + record.value().getClass().getName());
        }
    }

    private void count(@Nullable String key, MeterEvent event, long arrivedAtMs) {
        var customerKey = MeterEvents.key(event.getMerchantId(), event.getMode().name(), event.getCustomerId());
        requireKey(key, customerKey, "meter event " + event.getIdentifier());
        var identifiers = required(this.identifiers);
        var identifier = MeterEvents.identifierKey(customerKey, event.getEventName(), event.getIdentifier());
        if (identifiers.seen(identifier, arrivedAtMs)) {
            meters.duplicate();
            return;
        }
        var states = required(this.states);
        var usage = states.get(customerKey);
        if (usage == null || !usage.counts(event.getEventName())) {
            identifiers.remember(identifier, arrivedAtMs, now());
            meters.untracked();
            return;
        }
        var outcome = CustomerUsageRules.apply(usage, UsageCommandMapper.count(event));
        if (!(outcome instanceof Counted counted)) {
            throw new IllegalStateException("an event came to " + outcome + " instead of a count");
        }
        identifiers.remember(identifier, arrivedAtMs, now());
        states.put(customerKey, counted.after());
        if (!usage.summariesDue(counted.subscriptionIds())) {
            // A customer already due is in the set, or (before the first punctuation) found there by its flags.
            dueCustomers.add(customerKey);
        }
        meters.counted(counted.buckets());
    }

    private void apply(@Nullable String key, UsageCommand command, long timestamp) {
        var customerKey =
                MeterEvents.key(command.getMerchantId(), command.getMode().name(), command.getCustomerId());
        requireKey(key, customerKey, "usage command " + command.getCommandId());
        var processed = required(this.processed);
        if (processed.contains(command.getCommandId())) {
            log.info(
                    "event=command_duplicate_skipped commandId={} merchantId={} mode={} customerId={}",
                    command.getCommandId(),
                    command.getMerchantId(),
                    command.getMode(),
                    command.getCustomerId());
            return;
        }
        var states = required(this.states);
        var stored = states.get(customerKey);
        var usage = stored == null
                ? CustomerUsage.empty(
                        new Tenant(command.getMerchantId(), ModeMapper.toDomain(command.getMode())),
                        command.getCustomerId())
                : stored;
        var outcome = CustomerUsageRules.apply(usage, UsageCommandMapper.instruction(command));
        var context = required(this.context);
        switch (outcome) {
            case Tracked tracked -> {
                var summary = UsageOutputMapper.summary(tracked.after(), tracked.subscription(), nowInstant());
                states.put(customerKey, tracked.after());
                forwardSummary(summary);
                log.info(
                        "event=usage_tracked subscriptionId={} items={} periodStart={} periodEnd={} merchantId={}"
                                + " mode={} commandId={}",
                        tracked.subscription().subscriptionId(),
                        tracked.subscription().items().size(),
                        tracked.subscription().periodStart(),
                        tracked.subscription().periodEnd(),
                        command.getMerchantId(),
                        command.getMode(),
                        command.getCommandId());
            }
            case Stopped stopped -> {
                if (stopped.wasTracked()) {
                    if (stopped.after().tracksNothing()) {
                        states.delete(customerKey);
                    } else {
                        states.put(customerKey, stopped.after());
                    }
                }
                log.info(
                        "event=usage_stopped subscriptionId={} wasTracked={} merchantId={} mode={} commandId={}",
                        stopped.subscriptionId(),
                        stopped.wasTracked(),
                        command.getMerchantId(),
                        command.getMode(),
                        command.getCommandId());
            }
            case Recorded recorded -> {
                var recordUsage =
                        UsageOutputMapper.recordUsage(command, recorded.subscriptionId(), recorded.recorded());
                var changed = recorded.kind() == CloseKind.CLOSED || recorded.kind() == CloseKind.REALIGNED;
                var open = changed ? recorded.after().subscription(recorded.subscriptionId()) : null;
                var summary = open == null ? null : UsageOutputMapper.summary(recorded.after(), open, nowInstant());
                if (changed) {
                    states.put(customerKey, recorded.after());
                }
                context.forward(
                        new Record<String, SpecificRecord>(recorded.subscriptionId(), recordUsage, timestamp),
                        nodes.recordingsSink());
                if (summary != null) {
                    forwardSummary(summary);
                }
                meters.closed(recorded.kind());
                log.info(
                        "event=usage_period_recorded subscriptionId={} kind={} periodStart={} periodEnd={} items={}"
                                + " merchantId={} mode={} commandId={}",
                        recorded.subscriptionId(),
                        recorded.kind(),
                        recorded.recorded().start(),
                        recorded.recorded().end(),
                        recorded.recorded().items().size(),
                        command.getMerchantId(),
                        command.getMode(),
                        command.getCommandId());
            }
            case StaleClose stale -> {
                meters.staleClose();
                log.warn(
                        "event=usage_close_stale subscriptionId={} openPeriodStart={} merchantId={} mode={}"
                                + " commandId={}",
                        stale.subscriptionId(),
                        stale.openPeriodStart(),
                        command.getMerchantId(),
                        command.getMode(),
                        command.getCommandId());
            }
            case Counted counted -> throw new IllegalStateException("a command came to a count: " + counted);
            case Untracked untracked -> throw new IllegalStateException("a command came to " + untracked);
        }
        processed.markProcessed(command.getCommandId(), context.currentSystemTimeMs());
    }

    /**
     * Writes the summary of every subscription whose counts changed since its last one, and clears its flag. The
     * first run after the task starts also finds the flags a previous owner left (a crash or a move between
     * punctuations), so a summary is never lost, only late.
     */
    private void summarizeDue(long nowMs) {
        var states = required(this.states);
        if (!dueLoaded) {
            states.forEachSummaryDue(dueCustomers::add);
            dueLoaded = true;
        }
        var asOf = Instant.ofEpochMilli(nowMs);
        for (var customerKey : dueCustomers) {
            var usage = states.get(customerKey);
            if (usage == null) {
                continue;
            }
            var after = usage;
            for (var subscription : usage.subscriptions()) {
                if (subscription.summaryDue()) {
                    forwardSummary(UsageOutputMapper.summary(usage, subscription, asOf));
                    after = after.with(subscription.summarized());
                }
            }
            if (after != usage) {
                states.put(customerKey, after);
            }
        }
        dueCustomers.clear();
    }

    private void forwardSummary(UsageSummary summary) {
        var context = required(this.context);
        context.forward(
                new Record<String, SpecificRecord>(summary.getSubscriptionId(), summary, context.currentSystemTimeMs()),
                nodes.summariesSink());
    }

    private long now() {
        return required(context).currentSystemTimeMs();
    }

    private Instant nowInstant() {
        return Instant.ofEpochMilli(now());
    }

    /** The single-writer rule: a record keyed for another customer must not touch this one's usage. */
    private static void requireKey(@Nullable String key, String expected, String what) {
        if (!expected.equals(key)) {
            throw new IllegalArgumentException("a " + what + " must be keyed by its merchant, mode and customer: key="
                    + key + " expected=" + expected);
        }
    }

    private static <T> T required(@Nullable T initialised) {
        if (initialised == null) {
            throw new IllegalStateException("process() before init()");
        }
        return initialised;
    }
}
