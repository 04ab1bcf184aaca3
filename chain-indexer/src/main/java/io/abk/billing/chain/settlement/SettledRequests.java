package io.abk.billing.chain.settlement;

import io.abk.billing.schemas.avro.PaymentCommand;
import io.abk.billing.schemas.avro.SubscriptionCommand;
import io.abk.billing.streamskit.store.ExpirySweep;
import java.time.Duration;
import org.apache.kafka.streams.processor.api.ProcessorContext;
import org.apache.kafka.streams.state.TimestampedKeyValueStore;
import org.apache.kafka.streams.state.ValueAndTimestamp;
import org.jspecify.annotations.Nullable;

/**
 * The answers this task has given (request id -> the result command {@code C}, stamped with the wall-clock time it
 * was settled), so a request delivered again gets the same answer and is never settled twice: a charge's, refund's or
 * signed mandate's {@code SubscriptionCommand} in one store, a transfer authorization's {@code PaymentCommand} in
 * another. Requests are keyed by their aggregate's id (invoice, subscription or payment) and a request id starts with
 * it, so every repeat lands on this task's partition.
 *
 * <p>Entries expire {@link #RETENTION} after settling: requests stay on their topic for 7 days (by the producer's
 * timestamp, never later than our settling time), so a replay can only bring back a request younger than that;
 * the eighth day is margin for clock skew. Expired entries are swept in slices of {@link #SWEEP_BATCH} keys
 * ({@link ExpirySweep}), so one punctuation never scans the whole store and stalls the task.
 */
final class SettledRequests<C> {

    static final Duration RETENTION = Duration.ofDays(8);
    static final Duration SWEEP_INTERVAL = Duration.ofMinutes(1);
    static final int SWEEP_BATCH = 10_000;

    private final TimestampedKeyValueStore<String, C> store;
    private final ExpirySweep<String, ValueAndTimestamp<C>> expiry;

    SettledRequests(TimestampedKeyValueStore<String, C> store) {
        this(store, SWEEP_BATCH);
    }

    SettledRequests(TimestampedKeyValueStore<String, C> store, int sweepBatch) {
        this.store = store;
        this.expiry = new ExpirySweep<>(store, ValueAndTimestamp::timestamp, RETENTION, sweepBatch);
    }

    /** The task's answers to subscriptions, in the store {@code nodes} names. */
    static SettledRequests<SubscriptionCommand> subscriptions(ProcessorContext<?, ?> context, SettlementNodes nodes) {
        TimestampedKeyValueStore<String, SubscriptionCommand> store =
                context.getStateStore(nodes.settledRequestsStore());
        return new SettledRequests<>(store);
    }

    /** The task's answers to payments (transfer authorizations), in the store {@code nodes} names. */
    static SettledRequests<PaymentCommand> payments(ProcessorContext<?, ?> context, SettlementNodes nodes) {
        TimestampedKeyValueStore<String, PaymentCommand> store =
                context.getStateStore(nodes.settledPaymentRequestsStore());
        return new SettledRequests<>(store);
    }

    /** The answer given to {@code requestId}, or null when it was never settled (or has expired). */
    @Nullable
    C answerTo(String requestId) {
        var stored = store.get(requestId);
        return stored == null ? null : stored.value();
    }

    void record(String requestId, C answer, long settledAtMs) {
        store.put(requestId, ValueAndTimestamp.make(answer, settledAtMs));
    }

    /** Deletes expired answers among the next slice of keys; returns how many it deleted. */
    int sweep(long nowMs) {
        return expiry.sweep(nowMs);
    }
}
