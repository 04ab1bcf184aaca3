package io.abk.billing.scheduler.schedule;

import io.abk.billing.scheduler.domain.DueEntry;
import io.abk.billing.scheduler.domain.DueItem;
import io.abk.billing.scheduler.domain.DuePolicy;
import io.abk.billing.scheduler.domain.Resource;
import io.abk.billing.schemas.avro.Change;
import io.abk.billing.schemas.avro.Outcome;
import io.abk.billing.schemas.avro.TestClock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import org.apache.kafka.streams.processor.PunctuationType;
import org.apache.kafka.streams.processor.api.Processor;
import org.apache.kafka.streams.processor.api.ProcessorContext;
import org.apache.kafka.streams.processor.api.Record;
import org.apache.kafka.streams.state.KeyValueStore;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Keeps this task's due items in step with {@code billing.changes} and fires them on the wall clock.
 * <ul>
 *   <li>An accepted change's snapshots replace what is due for each resource (rejections change nothing, and
 *       carry no snapshot). A subscription's change also re-derives its invoices that are not in the change: the
 *       first charge after {@code complete} depends on the subscription, and the invoice did not change.</li>
 *   <li>Every {@code tick} of wall-clock time, the due items fire in due-time order (see {@link DueFiring}), each
 *       removed in the same exactly-once transaction as its command is written, so a crash replays the
 *       punctuation and fires the same command ids again at most. Renewals that fire one after the other go out
 *       together, as one {@code RenewSubscriptions} command, and so do funding checks, as one {@code CheckFundings}
 *       ({@link DueBatch}); any other item first sends the batch fired before it, so each partition receives its
 *       commands in due order as before.</li>
 * </ul>
 * The output record's timestamp is the wall clock, not the due time: a test item's due time may be years away
 * from now, and the command topics' 7-day retention goes by record timestamps.
 */
public final class ScheduleProcessor implements Processor<String, Change, String, DueCommand> {

    private static final Logger log = LoggerFactory.getLogger(ScheduleProcessor.class);

    /**
     * The most items one {@code RenewSubscriptions} or {@code CheckFundings} command carries. Kafka Streams commits only between records, so
     * one record's items must apply well within a transaction's timeout on a busy machine: at 500 a command, a stream
     * thread going over a dozen tasks held its transaction past the 10 s timeout on 2 loaded cores and was fenced.
     * 100 (about 13 KB, some 50 ms of billing-streams' time) keeps nearly all of the saving of one record for many.
     */
    public static final int ITEMS_PER_COMMAND = 100;

    private final ScheduleNodes nodes;
    private final Duration tick;
    private final int firesPerTick;
    private final DuePolicy policy;
    private @Nullable ProcessorContext<String, DueCommand> context;
    private @Nullable DueStores stores;

    public ScheduleProcessor(ScheduleNodes nodes, Duration tick, int firesPerTick, DuePolicy policy) {
        this.nodes = nodes;
        this.tick = tick;
        this.firesPerTick = firesPerTick;
        this.policy = policy;
    }

    @Override
    public void init(ProcessorContext<String, DueCommand> context) {
        this.context = context;
        KeyValueStore<String, DueEntry> items = context.getStateStore(nodes.dueItemsStore());
        KeyValueStore<String, DueItem> index = context.getStateStore(nodes.dueIndexStore());
        KeyValueStore<String, TestClock> clocks = context.getStateStore(nodes.testClocksStore());
        var dueStores = new DueStores(items, index, policy);
        this.stores = dueStores;
        var firing = new DueFiring(index, clocks);
        context.schedule(tick, PunctuationType.WALL_CLOCK_TIME, wallNowMs -> {
            var batch = new DueBatch(ITEMS_PER_COMMAND, wallNowMs, context);
            int fired = firing.fireDue(wallNowMs, firesPerTick, (key, item) -> {
                if (DueBatch.batched(item)) {
                    batch.add(item);
                } else {
                    // In due order: the items fired before this one go out before it.
                    batch.send();
                    context.forward(new Record<>(item.aggregateId(), CommandMapper.toCommand(item), wallNowMs));
                }
                fired(dueStores, key, item);
            });
            batch.send();
            if (fired > 0) {
                log.info("event=due_items_fired task={} count={} budget={}", context.taskId(), fired, firesPerTick);
            }
            // A tick that used its whole budget left more behind: count (up to a bound) how much is still due.
            ScheduleMeters.backlog(
                    context.taskId().toString(),
                    fired < firesPerTick ? 0 : firing.countDue(wallNowMs, ScheduleMeters.BACKLOG_COUNT_LIMIT));
        });
    }

    @Override
    public void process(Record<String, Change> record) {
        var change = record.value();
        var dueStores = required(stores);
        if (change == null || change.getOutcome() != Outcome.ACCEPTED) {
            return;
        }
        var resources = new ArrayList<Resource>();
        Resource.Subscription owner = null;
        for (var snapshot : change.getSnapshots()) {
            var resource = SnapshotReader.read(snapshot);
            if (resource != null && !resource.aggregateId().equals(change.getAggregateId())) {
                // Its items would live on another aggregate's partition, where a second copy could also fire.
                log.warn(
                        "event=foreign_snapshot_skipped resourceId={} aggregateId={} changeAggregateId={} "
                                + "commandId={}",
                        resource.id(),
                        resource.aggregateId(),
                        change.getAggregateId(),
                        change.getCommandId());
                continue;
            }
            if (resource != null) {
                resources.add(resource);
                if (resource instanceof Resource.Subscription subscription) {
                    owner = subscription;
                }
            }
        }
        var inChange = new HashSet<String>();
        for (var resource : resources) {
            inChange.add(resource.id());
            dueStores.apply(resource, resource instanceof Resource.Invoice ? owner : null);
        }
        if (owner != null) {
            reviseUnchangedInvoices(dueStores, owner, inChange);
        }
    }

    /**
     * Only the first invoice's charge depends on the subscription, and while the subscription is incomplete its
     * latest invoice is the first one, so that is the one invoice to revisit (one store read otherwise).
     */
    private static void reviseUnchangedInvoices(
            DueStores dueStores, Resource.Subscription owner, HashSet<String> inChange) {
        var latest = owner.latestInvoiceId();
        if (latest != null && !inChange.contains(latest)) {
            dueStores.reviseOwner(latest, owner);
        }
    }

    /** The item is done here: it leaves the index in the transaction that writes its command. */
    private static void fired(DueStores dueStores, String key, DueItem item) {
        dueStores.fired(key, item);
        ScheduleMeters.fired(item.kind());
        log.debug(
                "event=due_item_fired kind={} commandId={} resourceId={} aggregateId={} merchantId={} mode={} "
                        + "dueAt={}",
                item.kind().code(),
                item.commandId(),
                item.resourceId(),
                item.aggregateId(),
                item.merchantId(),
                item.mode(),
                item.dueAt());
    }

    @Override
    public void close() {
        var context = this.context;
        if (context != null) {
            ScheduleMeters.forget(context.taskId().toString());
        }
    }

    private static <T> T required(@Nullable T initialised) {
        if (initialised == null) {
            throw new IllegalStateException("process() before init()");
        }
        return initialised;
    }
}
