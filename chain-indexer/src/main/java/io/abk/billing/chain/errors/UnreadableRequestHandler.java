package io.abk.billing.chain.errors;

import java.util.Map;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.streams.errors.DeserializationExceptionHandler;
import org.apache.kafka.streams.errors.ErrorHandlerContext;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A chain request cannot be decoded (not Avro single-object encoding, or a schema this deployment never
 * released): nothing in it can be trusted, not even whom to answer, so log it at ERROR with its position and
 * carry on with the next record. The position is enough for an operator to fetch the bytes from the topic.
 */
public final class UnreadableRequestHandler implements DeserializationExceptionHandler {

    private static final Logger log = LoggerFactory.getLogger(UnreadableRequestHandler.class);

    @Override
    public void configure(Map<String, ?> configs) {
        // Nothing to configure.
    }

    @Override
    public Response handleError(ErrorHandlerContext context, ConsumerRecord<byte[], byte[]> record,
            Exception exception) {
        log.error("event=request_unreadable action=skip task={} topic={} partition={} offset={} valueBytes={} "
                        + "exception={}",
                context.taskId(), record.topic(), record.partition(), record.offset(),
                record.value() == null ? -1 : record.value().length, exception.toString(), exception);
        return Response.resume();
    }
}
