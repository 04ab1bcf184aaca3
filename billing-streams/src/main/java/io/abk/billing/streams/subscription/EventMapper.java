package io.abk.billing.streams.subscription;

import io.abk.billing.schemas.avro.BillingEvent;
import io.abk.billing.schemas.avro.EventData;
import io.abk.billing.schemas.ids.IdPrefix;
import io.abk.billing.schemas.ids.Ids;
import io.abk.billing.streams.domain.subscription.Invoice;
import io.abk.billing.streams.domain.subscription.SubscriptionEvent;
import io.abk.billing.streams.domain.subscription.SubscriptionEvent.InvoiceCreated;
import io.abk.billing.streams.domain.subscription.SubscriptionEvent.SubscriptionCreated;
import io.abk.billing.streams.domain.subscription.SubscriptionState.Existing;
import java.util.ArrayList;
import java.util.List;

/**
 * Domain events to public {@link BillingEvent}s (DESIGN section 11). The data holds snapshots of the aggregate
 * after the whole command, so every event of one command shows the same version. Event ids derive from the
 * command id and the event's position, so a reprocessed command mints the same ids and receivers can dedupe.
 */
final class EventMapper {

    private EventMapper() {
    }

    static List<BillingEvent> toBillingEvents(io.abk.billing.schemas.avro.SubscriptionCommand envelope,
            List<SubscriptionEvent> events, Existing after, long version) {
        var subscription = SnapshotMapper.subscription(after, version);
        var out = new ArrayList<BillingEvent>(events.size());
        for (int index = 0; index < events.size(); index++) {
            var data = EventData.newBuilder().setSubscription(subscription);
            var type = switch (events.get(index)) {
                case SubscriptionCreated created -> "subscription.created";
                case InvoiceCreated created -> {
                    data.setInvoice(SnapshotMapper.invoice(invoiceIn(after, created.invoice()), after.details(), version));
                    yield "invoice.created";
                }
            };
            out.add(BillingEvent.newBuilder()
                    .setEventId(eventId(envelope, index))
                    .setType(type)
                    .setCreatedAt(envelope.getRequestedAt())
                    .setMerchantId(envelope.getMerchantId())
                    .setMode(envelope.getMode())
                    .setAggregateId(envelope.getSubscriptionId())
                    .setCommandId(envelope.getCommandId())
                    .setData(data.build())
                    .build());
        }
        return out;
    }

    /** The id of the {@code index}-th event (from 0) of a command. */
    static String eventId(io.abk.billing.schemas.avro.SubscriptionCommand envelope, int index) {
        return Ids.derivedId(IdPrefix.EVENT, envelope.getRequestedAt(), envelope.getCommandId() + ":" + index);
    }

    /** The invoice as it stands after the command (a later event of the same command may have changed it). */
    private static Invoice invoiceIn(Existing after, Invoice invoice) {
        return after.details().invoices().stream()
                .filter(candidate -> candidate.id().equals(invoice.id()))
                .findFirst()
                .orElseThrow(() -> new IllegalStateException("invoice " + invoice.id() + " vanished from "
                        + after.id()));
    }
}
