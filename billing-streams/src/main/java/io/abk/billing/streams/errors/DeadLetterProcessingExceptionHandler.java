package io.abk.billing.streams.errors;

import io.abk.billing.schemas.avro.PaymentCommand;
import io.abk.billing.schemas.avro.PaymentLinkCommand;
import io.abk.billing.schemas.avro.SubscriptionCommand;
import java.util.List;
import java.util.Map;
import org.apache.kafka.streams.errors.ErrorHandlerContext;
import org.apache.kafka.streams.errors.ProcessingExceptionHandler;
import org.apache.kafka.streams.processor.api.Record;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A processor threw (KIP-1033): a bug, such as a stored or incoming record the mappers cannot represent. Logs at
 * ERROR with the ids, sends the original bytes to the dead-letter topic and lets the task carry on with the next
 * record, so one poison record cannot stop every aggregate on its partition. The failed record has written
 * nothing (the processor computes every output before writing), and it is not marked processed, so it can be
 * replayed from the dead-letter topic once fixed.
 */
public final class DeadLetterProcessingExceptionHandler implements ProcessingExceptionHandler {

    private static final Logger log = LoggerFactory.getLogger(DeadLetterProcessingExceptionHandler.class);

    @Override
    public void configure(Map<String, ?> configs) {
        // Nothing to configure: the dead-letter topic comes from the topic catalog.
    }

    @Override
    public Response handleError(ErrorHandlerContext context, @Nullable Record<?, ?> record, Exception exception) {
        var commandId = record == null ? null : commandId(record.value());
        log.error("event=processing_failed_dead_lettered node={} task={} topic={} partition={} offset={} key={} "
                        + "commandId={} exception={}",
                context.processorNodeId(), context.taskId(), context.topic(), context.partition(), context.offset(),
                record == null ? null : record.key(), commandId, exception.toString(), exception);
        if (record == null) {
            // A punctuation failed: there is no input record to keep, only the log above.
            return Response.resume();
        }
        return Response.resume(List.of(DeadLetters.record(context, context.sourceRawKey(), context.sourceRawValue(),
                exception, context.processorNodeId())));
    }

    private static @Nullable String commandId(@Nullable Object value) {
        return switch (value) {
            case SubscriptionCommand command -> command.getCommandId();
            case PaymentCommand command -> command.getCommandId();
            case PaymentLinkCommand command -> command.getCommandId();
            case null, default -> null;
        };
    }
}
