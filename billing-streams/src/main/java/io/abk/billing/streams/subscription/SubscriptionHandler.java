package io.abk.billing.streams.subscription;

import io.abk.billing.schemas.avro.SubscriptionAggregate;
import io.abk.billing.schemas.avro.SubscriptionCommand;
import io.abk.billing.streams.command.AggregateHandler;
import io.abk.billing.streams.command.CommandHeader;
import io.abk.billing.streams.domain.subscription.DunningPolicy;
import java.util.ArrayList;
import org.jspecify.annotations.Nullable;

/**
 * The subscription aggregate's part of the command processor: {@link CommandHandler} decides, and this routes what
 * it produced: the events to {@code billing.events} (keyed by subscription id), the settlements it started to
 * {@code chain.requests} (keyed by invoice id).
 */
public final class SubscriptionHandler implements AggregateHandler<SubscriptionCommand, SubscriptionAggregate> {

    private final SubscriptionNodes nodes;
    private final DunningPolicy dunning;

    public SubscriptionHandler(SubscriptionNodes nodes, DunningPolicy dunning) {
        this.nodes = nodes;
        this.dunning = dunning;
    }

    @Override
    public CommandHeader header(SubscriptionCommand command) {
        return new CommandHeader(command.getCommandId(), command.getSubscriptionId(), command.getMerchantId(),
                command.getMode(), command.getRequestedAt(), command.getRequestId(),
                CommandHeader.typeOf(command.getPayload()));
    }

    @Override
    public Handled<SubscriptionAggregate> handle(SubscriptionCommand command, @Nullable SubscriptionAggregate stored) {
        var handled = CommandHandler.handle(command, stored, dunning);
        var forwards = new ArrayList<Forward>();
        for (var event : handled.events()) {
            forwards.add(new Forward(nodes.eventsSink(), command.getSubscriptionId(), event));
        }
        for (var request : handled.chainRequests()) {
            forwards.add(new Forward(nodes.chainRequestsSink(), request.getInvoiceId(), request));
        }
        return new Handled<>(handled.aggregate(), handled.change(), forwards);
    }
}
