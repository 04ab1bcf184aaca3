package io.abk.billing.streams.subscription;

import io.abk.billing.schemas.avro.SettledInvoice;
import io.abk.billing.schemas.avro.SubscriptionAggregate;
import io.abk.billing.schemas.avro.SubscriptionCommand;
import io.abk.billing.streams.command.AggregateHandler;
import io.abk.billing.streams.command.CommandHeader;
import io.abk.billing.streams.domain.subscription.DunningPolicy;
import java.util.ArrayList;
import org.apache.kafka.streams.processor.api.ProcessorContext;
import org.apache.kafka.streams.state.KeyValueStore;
import org.jspecify.annotations.Nullable;

/**
 * The subscription aggregate's part of the command processor: {@link CommandHandler} decides, and this routes what
 * it produced: the events to {@code billing.events} (keyed by subscription id), the settlements it started to
 * {@code chain.requests} (keyed by invoice id). It keeps the store of settled invoices ({@link SettledInvoiceStore})
 * beside the aggregate store.
 */
public final class SubscriptionHandler implements AggregateHandler<SubscriptionCommand, SubscriptionAggregate> {

    private final SubscriptionNodes nodes;
    private final DunningPolicy dunning;
    private @Nullable SettledInvoiceStore settledInvoices;

    public SubscriptionHandler(SubscriptionNodes nodes, DunningPolicy dunning) {
        this.nodes = nodes;
        this.dunning = dunning;
    }

    @Override
    public CommandHeader header(SubscriptionCommand command) {
        return new CommandHeader(
                command.getCommandId(),
                command.getSubscriptionId(),
                command.getMerchantId(),
                command.getMode(),
                command.getRequestedAt(),
                command.getRequestId(),
                CommandHeader.typeOf(command.getPayload()));
    }

    @Override
    public void init(ProcessorContext<?, ?> context) {
        KeyValueStore<String, SettledInvoice> store = context.getStateStore(nodes.settledInvoicesStore());
        settledInvoices = new SettledInvoiceStore(store);
    }

    /**
     * Decides, then moves settled invoices between the aggregate and their store: the last step, once everything
     * the command produces has been computed, so a command that throws while deciding writes nothing.
     */
    @Override
    public Handled<SubscriptionAggregate> handle(SubscriptionCommand command, @Nullable SubscriptionAggregate stored) {
        var settled = settledInvoices;
        if (settled == null) {
            throw new IllegalStateException("handle() before init()");
        }
        var outputs = CommandHandler.handle(command, stored, settled::find, dunning);
        var forwards = new ArrayList<Forward>();
        for (var event : outputs.events()) {
            forwards.add(new Forward(nodes.eventsSink(), command.getSubscriptionId(), event));
        }
        for (var request : outputs.chainRequests()) {
            forwards.add(new Forward(nodes.chainRequestsSink(), request.getInvoiceId(), request));
        }
        settled.apply(command.getSubscriptionId(), outputs.settled());
        return new Handled<>(outputs.aggregate(), outputs.change(), forwards);
    }
}
