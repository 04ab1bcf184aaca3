package io.abk.billing.scheduler.schedule;

import io.abk.billing.schemas.avro.PaymentCommand;
import io.abk.billing.schemas.avro.PaymentLinkCommand;
import io.abk.billing.schemas.avro.SubscriptionCommand;
import java.util.List;

/** A fired item's command, bound for its aggregate's command topic; the topology routes each kind to its sink. */
public sealed interface DueCommand {

    String commandId();

    default List<SubscriptionCommand> subscriptionCommands() {
        return this instanceof ForSubscription(var command) ? List.of(command) : List.of();
    }

    default List<PaymentCommand> paymentCommands() {
        return this instanceof ForPayment(var command) ? List.of(command) : List.of();
    }

    default List<PaymentLinkCommand> paymentLinkCommands() {
        return this instanceof ForPaymentLink(var command) ? List.of(command) : List.of();
    }

    record ForSubscription(SubscriptionCommand command) implements DueCommand {
        @Override
        public String commandId() {
            return command.getCommandId();
        }
    }

    record ForPayment(PaymentCommand command) implements DueCommand {
        @Override
        public String commandId() {
            return command.getCommandId();
        }
    }

    record ForPaymentLink(PaymentLinkCommand command) implements DueCommand {
        @Override
        public String commandId() {
            return command.getCommandId();
        }
    }
}
