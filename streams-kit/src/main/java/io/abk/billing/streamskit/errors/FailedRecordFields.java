package io.abk.billing.streamskit.errors;

import org.apache.kafka.streams.errors.ErrorHandlerContext;
import org.apache.kafka.streams.processor.api.Record;
import org.jspecify.annotations.Nullable;

/** The log fields of a record a processor threw on, the same in every processing handler's log line. */
final class FailedRecordFields {

    private FailedRecordFields() {}

    /**
     * {@code node=... task=... topic=... partition=... offset=... key=...} and then {@code ids}, the record's ids as
     * the service names them.
     */
    static String of(ErrorHandlerContext context, @Nullable Record<?, ?> record, String ids) {
        return "node=" + context.processorNodeId() + " task=" + context.taskId() + " topic=" + context.topic()
                + " partition=" + context.partition() + " offset=" + context.offset() + " key="
                + (record == null ? null : record.key()) + " " + ids;
    }
}
