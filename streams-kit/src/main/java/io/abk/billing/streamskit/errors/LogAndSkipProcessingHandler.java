package io.abk.billing.streamskit.errors;

import java.util.Map;
import org.apache.kafka.streams.errors.ErrorHandlerContext;
import org.apache.kafka.streams.errors.ProcessingExceptionHandler;
import org.apache.kafka.streams.processor.api.Record;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A processor threw (KIP-1033): a bug, never a business outcome. Logs it at ERROR with the record's position, key
 * and the ids a subclass names ({@link #describe}), and lets the task carry on, so one poison record cannot stop
 * its whole partition. Kafka Streams creates the handler by class name, so each service subclasses it.
 */
public abstract class LogAndSkipProcessingHandler implements ProcessingExceptionHandler {

    private static final Logger log = LoggerFactory.getLogger(LogAndSkipProcessingHandler.class);

    /** The record's ids as {@code key=value} pairs for the log line (e.g. {@code commandId=... merchantId=...}). */
    protected abstract String describe(@Nullable Object value);

    @Override
    public void configure(Map<String, ?> configs) {
        // Nothing to configure.
    }

    @Override
    public Response handleError(ErrorHandlerContext context, @Nullable Record<?, ?> record, Exception exception) {
        log.error(
                "event=processing_failed action=skip {} exception={}",
                FailedRecordFields.of(context, record, describe(record == null ? null : record.value())),
                exception.toString(),
                exception);
        return Response.resume();
    }
}
