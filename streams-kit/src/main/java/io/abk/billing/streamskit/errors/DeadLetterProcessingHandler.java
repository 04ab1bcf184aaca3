package io.abk.billing.streamskit.errors;

import java.util.List;
import org.apache.kafka.streams.errors.ErrorHandlerContext;
import org.apache.kafka.streams.errors.ProcessingExceptionHandler;
import org.apache.kafka.streams.processor.api.Record;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A processor threw (KIP-1033): a bug, never a business outcome. Logs it at ERROR with the record's position, key
 * and the ids a subclass names ({@link #describe}), sends the original bytes to the service's dead-letter topic
 * ({@link #deadLetterTopic()}, whose record count the service reports and alerts on) in the task's transaction,
 * and lets the task carry on, so one poison record cannot stop its whole partition. The processor must compute
 * its outputs before writing any, so a record it throws on has written nothing and can be replayed from the
 * dead-letter topic once fixed. Kafka Streams creates the handler by class name, so each service subclasses it.
 */
public abstract class DeadLetterProcessingHandler extends DeadLetterHandler implements ProcessingExceptionHandler {

    private static final Logger log = LoggerFactory.getLogger(DeadLetterProcessingHandler.class);

    /** The record's ids as {@code key=value} pairs for the log line (e.g. {@code commandId=... merchantId=...}). */
    protected abstract String describe(@Nullable Object value);

    @Override
    public Response handleError(ErrorHandlerContext context, @Nullable Record<?, ?> record, Exception exception) {
        log.error(
                "event=processing_failed_dead_lettered {} deadLetterTopic={} exception={}",
                FailedRecordFields.of(context, record, describe(record == null ? null : record.value())),
                deadLetterTopic(),
                exception.toString(),
                exception);
        if (record == null) {
            // A punctuation failed: there is no input record to keep, only the log above.
            return Response.resume();
        }
        return Response.resume(List.of(DeadLetterRecords.of(
                deadLetterTopic(),
                context,
                context.sourceRawKey(),
                context.sourceRawValue(),
                exception,
                context.processorNodeId())));
    }
}
