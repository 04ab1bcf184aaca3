package io.abk.billing.scheduler.schedule;

import io.abk.billing.schemas.avro.TestClock;
import org.apache.kafka.streams.processor.api.Processor;
import org.apache.kafka.streams.processor.api.ProcessorContext;
import org.apache.kafka.streams.processor.api.Record;
import org.apache.kafka.streams.state.KeyValueStore;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Keeps the global {@code test-clocks} store: merchant id -> its newest clock. An older version never replaces a
 * newer one (a clock never goes back). An equal version does, as compaction would: the gateway reuses a version
 * whose publish went out but whose database commit failed, and the later record is the one that counts.
 */
final class TestClockUpdater implements Processor<String, TestClock, Void, Void> {

    private static final Logger log = LoggerFactory.getLogger(TestClockUpdater.class);

    private final String storeName;
    private @Nullable KeyValueStore<String, TestClock> store;

    TestClockUpdater(String storeName) {
        this.storeName = storeName;
    }

    @Override
    public void init(ProcessorContext<Void, Void> context) {
        store = context.getStateStore(storeName);
    }

    @Override
    public void process(Record<String, TestClock> record) {
        var clock = record.value();
        var clocks = store;
        if (clock == null || record.key() == null || clocks == null) {
            return;
        }
        var known = clocks.get(record.key());
        if (known != null && known.getVersion() > clock.getVersion()) {
            return;
        }
        clocks.put(record.key(), clock);
        log.info(
                "event=test_clock_updated merchantId={} frozenAt={} version={}",
                record.key(),
                clock.getFrozenAt(),
                clock.getVersion());
    }
}
