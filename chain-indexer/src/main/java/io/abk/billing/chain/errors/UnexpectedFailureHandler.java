package io.abk.billing.chain.errors;

import io.abk.billing.schemas.avro.ChainRequest;
import java.util.Map;
import org.apache.kafka.streams.errors.ErrorHandlerContext;
import org.apache.kafka.streams.errors.ProcessingExceptionHandler;
import org.apache.kafka.streams.processor.api.Record;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A processor threw (KIP-1033). The settlement processor answers every addressable request even when deciding
 * fails, so this is a bug past that point (building or storing the answer): log at ERROR with the ids and the
 * position, and let the task carry on, so one poison record cannot stop settlement for its whole partition.
 */
public final class UnexpectedFailureHandler implements ProcessingExceptionHandler {

    private static final Logger log = LoggerFactory.getLogger(UnexpectedFailureHandler.class);

    @Override
    public void configure(Map<String, ?> configs) {
        // Nothing to configure.
    }

    @Override
    public Response handleError(ErrorHandlerContext context, @Nullable Record<?, ?> record, Exception exception) {
        var request = record != null && record.value() instanceof ChainRequest chainRequest ? chainRequest : null;
        log.error("event=processing_failed action=skip node={} task={} topic={} partition={} offset={} key={} "
                        + "chainRequestId={} resultCommandId={} exception={}",
                context.processorNodeId(), context.taskId(), context.topic(), context.partition(), context.offset(),
                record == null ? null : record.key(), request == null ? null : request.getRequestId(),
                request == null ? null : request.getResultCommandId(), exception.toString(), exception);
        return Response.resume();
    }
}
