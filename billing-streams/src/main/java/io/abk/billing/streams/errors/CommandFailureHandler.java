package io.abk.billing.streams.errors;

import io.abk.billing.schemas.avro.InvoiceNumberCommand;
import io.abk.billing.schemas.avro.MeterEvent;
import io.abk.billing.schemas.avro.PaymentCommand;
import io.abk.billing.schemas.avro.PaymentLinkCommand;
import io.abk.billing.schemas.avro.SubscriptionCommand;
import io.abk.billing.schemas.avro.UsageCommand;
import io.abk.billing.streamskit.errors.DeadLetterProcessingHandler;
import org.jspecify.annotations.Nullable;

/**
 * A processor threw (KIP-1033): a bug, such as a stored or incoming record the mappers cannot represent. The
 * record goes to {@code billing.streams-dlt} with its {@code commandId} in the ERROR line, so one poison record
 * cannot stop every aggregate on its partition. The failed record has written nothing (the processor computes
 * every output before writing), and it is not marked processed, so it can be replayed from the dead-letter topic
 * once fixed.
 */
public final class CommandFailureHandler extends DeadLetterProcessingHandler {

    @Override
    protected String describe(@Nullable Object value) {
        if (value instanceof MeterEvent event) {
            return "eventName=" + event.getEventName() + " identifier=" + event.getIdentifier();
        }
        var commandId = switch (value) {
            case SubscriptionCommand command -> command.getCommandId();
            case PaymentCommand command -> command.getCommandId();
            case PaymentLinkCommand command -> command.getCommandId();
            case InvoiceNumberCommand command -> command.getCommandId();
            case UsageCommand command -> command.getCommandId();
            case null, default -> null;
        };
        return "commandId=" + commandId;
    }
}
