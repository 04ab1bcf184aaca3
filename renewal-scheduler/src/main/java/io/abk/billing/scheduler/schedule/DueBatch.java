package io.abk.billing.scheduler.schedule;

import io.abk.billing.scheduler.domain.DueAction;
import io.abk.billing.scheduler.domain.DueItem;
import java.util.ArrayList;
import java.util.List;
import org.apache.kafka.streams.processor.api.ProcessorContext;
import org.apache.kafka.streams.processor.api.Record;

/**
 * The renewals, or the funding checks, one punctuation fires one after the other, sent as one command: up to
 * {@code limit} of them as a {@code RenewSubscriptions} or {@code CheckFundings} (an item alone as its plain
 * {@code RenewSubscription} or {@code CheckFunding}), keyed by the first item's subscription. A batch holds items
 * of one kind: an item of the other kind sends the batch held first, so the commands keep the due order. Every due
 * item of a task belongs to a subscription of the task's partition (the scheduler's partitions are
 * {@code billing.changes}', which has the command topic's count), so that key puts the command on the partition of
 * every item in it.
 */
final class DueBatch {

    private final int limit;
    private final long wallNowMs;
    private final ProcessorContext<String, DueCommand> context;
    private final List<DueItem> items = new ArrayList<>();

    DueBatch(int limit, long wallNowMs, ProcessorContext<String, DueCommand> context) {
        if (limit < 1) {
            throw new IllegalArgumentException("a batch holds at least one item, was " + limit);
        }
        this.limit = limit;
        this.wallNowMs = wallNowMs;
        this.context = context;
    }

    /** Whether {@code item} goes out in a batch: a renewal (or cancel at the period's end) or a funding check. */
    static boolean batched(DueItem item) {
        return item.action() instanceof DueAction.Renew || item.action() instanceof DueAction.CheckFunding;
    }

    /** Holds {@code item} (a {@link #batched} one), sending first a batch of the other kind, and a full one after. */
    void add(DueItem item) {
        if (!batched(item)) {
            throw new IllegalArgumentException("not an item sent in batches: " + item.commandId());
        }
        if (!items.isEmpty()
                && items.getFirst().action().getClass() != item.action().getClass()) {
            send();
        }
        items.add(item);
        if (items.size() == limit) {
            send();
        }
    }

    /** Sends the items held, if any, as one command. */
    void send() {
        if (items.isEmpty()) {
            return;
        }
        var first = items.getFirst();
        var command = items.size() == 1 ? CommandMapper.toCommand(first) : CommandMapper.batch(items);
        context.forward(new Record<>(first.aggregateId(), command, wallNowMs));
        items.clear();
    }
}
