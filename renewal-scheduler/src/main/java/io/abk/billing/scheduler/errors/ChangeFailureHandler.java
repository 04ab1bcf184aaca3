package io.abk.billing.scheduler.errors;

import io.abk.billing.schemas.avro.Change;
import io.abk.billing.streamskit.errors.LogAndSkipProcessingHandler;
import org.jspecify.annotations.Nullable;

/**
 * A processor threw on a change: a bug. Logged with the change's ids and skipped, so one poison change cannot stop
 * the schedule of its whole partition.
 */
public final class ChangeFailureHandler extends LogAndSkipProcessingHandler {

    @Override
    protected String describe(@Nullable Object value) {
        return value instanceof Change change
                ? "commandId=" + change.getCommandId() + " merchantId=" + change.getMerchantId()
                : "commandId=null merchantId=null";
    }
}
