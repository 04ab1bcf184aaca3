package io.abk.billing.usdt.streams;

import io.abk.billing.schemas.avro.UsdtCommandOutcome;
import io.abk.billing.schemas.avro.UsdtIdempotencyCommand;
import io.abk.billing.schemas.avro.UsdtIdempotencyRecord;
import io.abk.billing.streamskit.store.ExpirySweep;
import io.abk.billing.streamskit.store.StoreProcessor;
import io.abk.billing.usdt.domain.idempotency.IdempotencyDecider;
import java.time.Duration;
import java.util.Objects;
import org.apache.kafka.streams.processor.PunctuationType;
import org.apache.kafka.streams.processor.api.ProcessorContext;
import org.apache.kafka.streams.processor.api.Record;
import org.apache.kafka.streams.state.KeyValueStore;

/**
 * The single writer of the Idempotency-Key records (store {@code idempotency-keys}, keyed by record): for each command,
 * load the record, let {@link IdempotencyDecider} decide, store what it leaves and forward the outcome for the waiting
 * request, in the task's exactly-once transaction. A wall-clock punctuation deletes records past their day.
 */
final class IdempotencyProcessor
        extends StoreProcessor<
                String,
                UsdtIdempotencyCommand,
                String,
                UsdtCommandOutcome,
                KeyValueStore<String, UsdtIdempotencyRecord>> {

    /** How often expired records are looked for; they answer as absent from their expiry on anyway. */
    static final Duration SWEEP_EVERY = Duration.ofMinutes(1);
    /** Records looked at per sweep, so one sweep never holds the task for long. */
    static final int SWEEP_BATCH = 1_000;

    IdempotencyProcessor() {
        super(IntentTopology.IDEMPOTENCY_STORE);
    }

    @Override
    public void init(ProcessorContext<String, UsdtCommandOutcome> context) {
        super.init(context);
        var store = store();
        // The retention is measured from the expiry itself: ExpirySweep deletes what is older than it.
        var sweep =
                new ExpirySweep<>(store, record -> record.getExpiresAt().toEpochMilli(), Duration.ZERO, SWEEP_BATCH);
        context.schedule(SWEEP_EVERY, PunctuationType.WALL_CLOCK_TIME, sweep::sweep);
    }

    @Override
    public void process(Record<String, UsdtIdempotencyCommand> record) {
        var envelope = Objects.requireNonNull(record.value(), "an idempotency command");
        if (!envelope.getRecordKey().equals(record.key())) {
            // The single-writer rule: a command on another record's partition must not touch the store here.
            throw new IllegalArgumentException("an idempotency command must be keyed by its record: key=" + record.key()
                    + " command=" + envelope.getCommandId());
        }
        var store = store();
        var command = IdempotencyRecords.command(envelope);
        var before = store.get(command.recordKey());
        var decided = IdempotencyDecider.decide(IdempotencyRecords.state(before), command);
        var next = decided.next();
        if (next == null) {
            store.delete(command.recordKey());
        } else {
            var stored = IdempotencyRecords.stored(next);
            if (!stored.equals(before)) {
                store.put(command.recordKey(), stored);
            }
        }
        context().forward(record.withValue(IdempotencyRecords.outcome(command.commandId(), decided.decision())));
    }
}
