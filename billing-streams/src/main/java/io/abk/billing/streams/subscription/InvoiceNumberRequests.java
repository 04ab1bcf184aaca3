package io.abk.billing.streams.subscription;

import io.abk.billing.schemas.avro.AssignInvoiceNumber;
import io.abk.billing.schemas.avro.InvoiceNumberCommand;
import io.abk.billing.schemas.ids.InvoiceNumbers;
import io.abk.billing.streams.command.CommandHeader;
import io.abk.billing.streams.subscription.domain.SubscriptionEvent;
import io.abk.billing.streams.subscription.domain.SubscriptionEvent.InvoiceCreated;
import java.util.ArrayList;
import java.util.List;

/**
 * The {@code AssignInvoiceNumber} every invoice a command made asks the invoice numbering for, on
 * {@code billing.invoice-number-commands} keyed by {@link InvoiceNumbers#key} (the merchant and mode), in the same
 * transaction as the invoice. Its command id derives from the invoice id, so a command processed twice asks once.
 */
final class InvoiceNumberRequests {

    /** The command id prefix of an invoice's number request: {@code number:<invoice id>}. */
    static final String COMMAND_ID_PREFIX = "number:";

    private InvoiceNumberRequests() {}

    static List<InvoiceNumberCommand> of(CommandHeader header, String subscriptionId, List<SubscriptionEvent> events) {
        var out = new ArrayList<InvoiceNumberCommand>();
        for (var event : events) {
            if (event instanceof InvoiceCreated created) {
                out.add(InvoiceNumberCommand.newBuilder()
                        .setCommandId(COMMAND_ID_PREFIX + created.invoice().id())
                        .setMerchantId(header.merchantId())
                        .setMode(header.mode())
                        .setRequestedAt(header.requestedAt())
                        .setPayload(new AssignInvoiceNumber(created.invoice().id(), subscriptionId))
                        .build());
            }
        }
        return out;
    }

    /** The record key of {@code command}: its merchant and mode. */
    static String key(InvoiceNumberCommand command) {
        return InvoiceNumbers.key(command.getMerchantId(), command.getMode().name());
    }
}
