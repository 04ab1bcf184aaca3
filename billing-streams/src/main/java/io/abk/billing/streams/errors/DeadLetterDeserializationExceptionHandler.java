package io.abk.billing.streams.errors;

import java.util.List;
import java.util.Map;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.streams.errors.DeserializationExceptionHandler;
import org.apache.kafka.streams.errors.ErrorHandlerContext;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * An input record cannot be decoded (not Avro single-object encoding, or a schema this deployment never
 * released): log at ERROR, send its bytes to the dead-letter topic, and carry on with the next record.
 */
public final class DeadLetterDeserializationExceptionHandler implements DeserializationExceptionHandler {

    private static final Logger log = LoggerFactory.getLogger(DeadLetterDeserializationExceptionHandler.class);
    static final String NODE = "deserialization";

    @Override
    public void configure(Map<String, ?> configs) {
        // Nothing to configure: the dead-letter topic comes from the topic catalog.
    }

    @Override
    public Response handleError(ErrorHandlerContext context, ConsumerRecord<byte[], byte[]> record,
            Exception exception) {
        log.error("event=deserialization_failed_dead_lettered task={} topic={} partition={} offset={} valueBytes={} "
                        + "exception={}",
                context.taskId(), record.topic(), record.partition(), record.offset(),
                record.value() == null ? -1 : record.value().length, exception.toString(), exception);
        return Response.resume(List.of(DeadLetters.record(context, record.key(), record.value(), exception, NODE)));
    }
}
