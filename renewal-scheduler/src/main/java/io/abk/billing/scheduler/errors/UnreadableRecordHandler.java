package io.abk.billing.scheduler.errors;

import java.util.Map;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.streams.errors.DeserializationExceptionHandler;
import org.apache.kafka.streams.errors.ErrorHandlerContext;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A change or test clock cannot be decoded (not Avro single-object encoding, or a schema this deployment never
 * released): log it at ERROR with its position, which is enough to fetch the bytes, and carry on.
 */
public final class UnreadableRecordHandler implements DeserializationExceptionHandler {

    private static final Logger log = LoggerFactory.getLogger(UnreadableRecordHandler.class);

    @Override
    public void configure(Map<String, ?> configs) {
        // Nothing to configure.
    }

    @Override
    public Response handleError(
            ErrorHandlerContext context, ConsumerRecord<byte[], byte[]> record, Exception exception) {
        log.error(
                "event=record_unreadable action=skip task={} topic={} partition={} offset={} valueBytes={} "
                        + "exception={}",
                context.taskId(),
                record.topic(),
                record.partition(),
                record.offset(),
                record.value() == null ? -1 : record.value().length,
                exception.toString(),
                exception);
        return Response.resume();
    }
}
