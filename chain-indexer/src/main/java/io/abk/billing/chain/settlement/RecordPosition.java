package io.abk.billing.chain.settlement;

import org.apache.kafka.streams.processor.api.ProcessorContext;
import org.jspecify.annotations.Nullable;

/** Where the record being processed came from, for logs about a record that is skipped. */
final class RecordPosition {

    private RecordPosition() {}

    static @Nullable String topic(ProcessorContext<?, ?> context) {
        return context.recordMetadata().map(metadata -> metadata.topic()).orElse(null);
    }

    static int partition(ProcessorContext<?, ?> context) {
        return context.recordMetadata().map(metadata -> metadata.partition()).orElse(-1);
    }

    static long offset(ProcessorContext<?, ?> context) {
        return context.recordMetadata().map(metadata -> metadata.offset()).orElse(-1L);
    }
}
