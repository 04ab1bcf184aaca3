package io.abk.billing.scheduler.schedule;

import io.abk.billing.scheduler.domain.DueItem;
import java.util.ArrayList;
import java.util.List;
import org.apache.kafka.streams.processor.api.ProcessorContext;
import org.apache.kafka.streams.processor.api.Record;

/**
 * The renewals one punctuation fires one after the other, sent as one command: up to {@code limit} of them as a
 * {@code RenewSubscriptions} (a renewal alone as its plain {@code RenewSubscription}), keyed by the first item's
 * subscription. Every due item of a task belongs to a subscription of the task's partition (the scheduler's
 * partitions are {@code billing.changes}', which has the command topic's count), so that key puts the command on
 * the partition of every item in it.
 */
final class RenewalBatch {

    private final int limit;
    private final long wallNowMs;
    private final ProcessorContext<String, DueCommand> context;
    private final List<DueItem> items = new ArrayList<>();

    RenewalBatch(int limit, long wallNowMs, ProcessorContext<String, DueCommand> context) {
        if (limit < 1) {
            throw new IllegalArgumentException("a batch holds at least one renewal, was " + limit);
        }
        this.limit = limit;
        this.wallNowMs = wallNowMs;
        this.context = context;
    }

    /** Holds {@code renewal}, sending the batch once it is full. */
    void add(DueItem renewal) {
        items.add(renewal);
        if (items.size() == limit) {
            send();
        }
    }

    /** Sends the renewals held, if any, as one command. */
    void send() {
        if (items.isEmpty()) {
            return;
        }
        var first = items.getFirst();
        var command = items.size() == 1 ? CommandMapper.toCommand(first) : CommandMapper.renewals(items);
        context.forward(new Record<>(first.aggregateId(), command, wallNowMs));
        items.clear();
    }
}
