package io.abk.billing.streams.subscription;

import io.abk.billing.schemas.avro.AssignInvoiceNumber;
import io.abk.billing.schemas.avro.AssignInvoiceNumbers;
import io.abk.billing.schemas.avro.InvoiceNumberCommand;
import io.abk.billing.schemas.avro.InvoiceNumberItem;
import io.abk.billing.schemas.ids.InvoiceNumbers;
import io.abk.billing.streams.command.AggregateAdapter.Forward;
import io.abk.billing.streams.command.CommandHeader;
import io.abk.billing.streams.subscription.domain.SubscriptionEvent;
import io.abk.billing.streams.subscription.domain.SubscriptionEvent.InvoiceCreated;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;

/**
 * The {@code AssignInvoiceNumber} every invoice a command made asks the invoice numbering for, on
 * {@code billing.invoice-number-commands} keyed by {@link InvoiceNumbers#key} (the merchant and mode), in the same
 * transaction as the invoice. Its command id derives from the invoice id, so a command processed twice asks once.
 */
final class InvoiceNumberRequests {

    /** The command id prefix of an invoice's number request: {@code number:<invoice id>}. */
    static final String COMMAND_ID_PREFIX = "number:";

    /** The command id prefix of several invoices' requests sent as one: {@code numbers:<first item's id>}. */
    static final String BATCH_PREFIX = "numbers:";

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

    /**
     * The number requests among {@code forwards} (the records for {@code sink}) sent as one
     * {@code AssignInvoiceNumbers} per merchant and mode, in the place of the first of them; a lone request, and every
     * other record, goes out as it is, in order. Each item keeps its own command id, with which the numbering dedupes
     * it.
     */
    static List<Forward> combine(List<Forward> forwards, String sink) {
        var byKey = new LinkedHashMap<String, List<InvoiceNumberCommand>>();
        for (var forward : forwards) {
            if (isRequest(forward, sink)) {
                byKey.computeIfAbsent(forward.key(), key -> new ArrayList<>())
                        .add((InvoiceNumberCommand) forward.value());
            }
        }
        var out = new ArrayList<Forward>(forwards.size());
        for (var forward : forwards) {
            if (!isRequest(forward, sink)) {
                out.add(forward);
                continue;
            }
            // The key's requests go out together where its first one was; the others are in it already.
            var together = byKey.remove(forward.key());
            if (together != null) {
                out.add(new Forward(sink, forward.key(), together.size() == 1 ? together.getFirst() : batch(together)));
            }
        }
        return out;
    }

    private static boolean isRequest(Forward forward, String sink) {
        return forward.sink().equals(sink)
                && forward.value() instanceof InvoiceNumberCommand command
                && command.getPayload() instanceof AssignInvoiceNumber;
    }

    /** Requests of one merchant and mode as one command, under an id of its own that is never recorded as applied. */
    private static InvoiceNumberCommand batch(List<InvoiceNumberCommand> requests) {
        var first = requests.getFirst();
        var items = new ArrayList<InvoiceNumberItem>(requests.size());
        for (var request : requests) {
            items.add(new InvoiceNumberItem(
                    request.getCommandId(), request.getRequestedAt(), (AssignInvoiceNumber) request.getPayload()));
        }
        return InvoiceNumberCommand.newBuilder()
                .setCommandId(BATCH_PREFIX + first.getCommandId())
                .setMerchantId(first.getMerchantId())
                .setMode(first.getMode())
                .setRequestedAt(first.getRequestedAt())
                .setPayload(new AssignInvoiceNumbers(items))
                .build();
    }

    /** The record key of {@code command}: its merchant and mode. */
    static String key(InvoiceNumberCommand command) {
        return InvoiceNumbers.key(command.getMerchantId(), command.getMode().name());
    }
}
