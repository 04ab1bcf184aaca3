package io.abk.billing.scheduler.schedule;

import io.abk.billing.schemas.avro.TestClock;
import org.apache.kafka.streams.processor.api.ProcessorSupplier;

/** The supplier of the global {@code test-clocks} store's updater, for the topology. */
public final class TestClocks {

    private TestClocks() {}

    public static ProcessorSupplier<String, TestClock, Void, Void> updater(String storeName) {
        return () -> new TestClockUpdater(storeName);
    }
}
