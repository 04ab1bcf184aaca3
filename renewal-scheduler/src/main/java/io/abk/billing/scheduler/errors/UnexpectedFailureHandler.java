package io.abk.billing.scheduler.errors;

import io.abk.billing.schemas.avro.Change;
import java.util.Map;
import org.apache.kafka.streams.errors.ErrorHandlerContext;
import org.apache.kafka.streams.errors.ProcessingExceptionHandler;
import org.apache.kafka.streams.processor.api.Record;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A processor threw on a change (KIP-1033): a bug. Log at ERROR with the ids and the position and let the task
 * carry on, so one poison change cannot stop the schedule of its whole partition.
 */
public final class UnexpectedFailureHandler implements ProcessingExceptionHandler {

    private static final Logger log = LoggerFactory.getLogger(UnexpectedFailureHandler.class);

    @Override
    public void configure(Map<String, ?> configs) {
        // Nothing to configure.
    }

    @Override
    public Response handleError(ErrorHandlerContext context, @Nullable Record<?, ?> record, Exception exception) {
        var change = record != null && record.value() instanceof Change value ? value : null;
        log.error("event=processing_failed action=skip node={} task={} topic={} partition={} offset={} key={} "
                        + "commandId={} merchantId={} exception={}",
                context.processorNodeId(), context.taskId(), context.topic(), context.partition(), context.offset(),
                record == null ? null : record.key(), change == null ? null : change.getCommandId(),
                change == null ? null : change.getMerchantId(), exception.toString(), exception);
        return Response.resume();
    }
}
