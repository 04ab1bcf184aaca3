package io.abk.billing.streamskit.errors;

import java.util.List;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.streams.errors.DeserializationExceptionHandler;
import org.apache.kafka.streams.errors.ErrorHandlerContext;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * An input record cannot be decoded (not Avro single-object encoding, or a schema this deployment never
 * released): log at ERROR, send its bytes to the service's dead-letter topic ({@link #deadLetterTopic()}), and
 * carry on with the next record. Kafka Streams creates the handler by class name, so each service subclasses it.
 */
public abstract class DeadLetterDeserializationHandler extends DeadLetterHandler
        implements DeserializationExceptionHandler {

    private static final Logger log = LoggerFactory.getLogger(DeadLetterDeserializationHandler.class);
    /** The node header of a record that could not be decoded. */
    public static final String NODE = "deserialization";

    @Override
    public Response handleError(
            ErrorHandlerContext context, ConsumerRecord<byte[], byte[]> record, Exception exception) {
        log.error(
                "event=deserialization_failed_dead_lettered task={} topic={} partition={} offset={} valueBytes={} "
                        + "deadLetterTopic={} exception={}",
                context.taskId(),
                record.topic(),
                record.partition(),
                record.offset(),
                record.value() == null ? -1 : record.value().length,
                deadLetterTopic(),
                exception.toString(),
                exception);
        return Response.resume(List.of(
                DeadLetterRecords.of(deadLetterTopic(), context, record.key(), record.value(), exception, NODE)));
    }
}
