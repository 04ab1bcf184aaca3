package io.abk.billing.streams.subscription;

import io.abk.billing.schemas.avro.BillingEvent;
import io.abk.billing.schemas.avro.EventData;
import io.abk.billing.streams.command.EventIds;
import io.abk.billing.streams.domain.subscription.Invoice;
import io.abk.billing.streams.domain.subscription.SubscriptionEvent;
import io.abk.billing.streams.domain.subscription.SubscriptionEvent.InvoiceCreated;
import io.abk.billing.streams.domain.subscription.SubscriptionEvent.InvoicePaid;
import io.abk.billing.streams.domain.subscription.SubscriptionEvent.InvoicePaymentFailed;
import io.abk.billing.streams.domain.subscription.SubscriptionEvent.InvoiceRefunded;
import io.abk.billing.streams.domain.subscription.SubscriptionEvent.InvoiceReopened;
import io.abk.billing.streams.domain.subscription.SubscriptionEvent.InvoiceVoided;
import io.abk.billing.streams.domain.subscription.SubscriptionEvent.Published;
import io.abk.billing.streams.domain.subscription.SubscriptionEvent.SubscriptionActivated;
import io.abk.billing.streams.domain.subscription.SubscriptionEvent.SubscriptionCanceled;
import io.abk.billing.streams.domain.subscription.SubscriptionEvent.SubscriptionCreated;
import io.abk.billing.streams.domain.subscription.SubscriptionEvent.SubscriptionPastDue;
import io.abk.billing.streams.domain.subscription.SubscriptionEvent.SubscriptionPaused;
import io.abk.billing.streams.domain.subscription.SubscriptionEvent.SubscriptionResumed;
import io.abk.billing.streams.domain.subscription.SubscriptionEvent.SubscriptionUpdated;
import io.abk.billing.streams.domain.subscription.SubscriptionState.Existing;
import java.util.ArrayList;
import java.util.List;

/**
 * Domain events to public {@link BillingEvent}s (docs/architecture.md, "Webhooks"); the aggregate's own bookkeeping
 * events are not published. The data holds snapshots of the aggregate after the whole command, so every event of one
 * command shows the same version; invoice events carry their invoice too, a failed payment or a reopened invoice its
 * failure and a refund its amount. Event ids derive from the command id and the published event's position, so a
 * reprocessed command mints the same ids and receivers can dedupe.
 */
final class EventMapper {

    private EventMapper() {}

    static List<BillingEvent> toBillingEvents(
            io.abk.billing.schemas.avro.SubscriptionCommand envelope,
            List<SubscriptionEvent> events,
            Existing after,
            long version) {
        var subscription = SnapshotMapper.subscription(after, version);
        var published = events.stream()
                .filter(Published.class::isInstance)
                .map(Published.class::cast)
                .toList();
        var out = new ArrayList<BillingEvent>(published.size());
        for (int index = 0; index < published.size(); index++) {
            var data = EventData.newBuilder().setSubscription(subscription);
            var type = switch (published.get(index)) {
                case SubscriptionCreated e -> "subscription.created";
                case SubscriptionActivated e -> "subscription.activated";
                case SubscriptionUpdated e -> "subscription.updated";
                case SubscriptionPastDue e -> "subscription.past_due";
                case SubscriptionCanceled e -> "subscription.canceled";
                case SubscriptionPaused e -> "subscription.paused";
                case SubscriptionResumed e -> "subscription.resumed";
                case InvoiceCreated e -> invoice(data, after, e.invoice(), version, "invoice.created");
                case InvoicePaid e -> invoice(data, after, e.invoice(), version, "invoice.paid");
                case InvoiceVoided e -> invoice(data, after, e.invoice(), version, "invoice.voided");
                case InvoicePaymentFailed e -> {
                    data.setFailureCode(e.failure().code())
                            .setFailureMessage(e.failure().message());
                    yield invoice(data, after, e.invoice(), version, "invoice.payment_failed");
                }
                case InvoiceReopened e -> {
                    data.setFailureCode(e.failure().code())
                            .setFailureMessage(e.failure().message());
                    yield invoice(data, after, e.invoice(), version, "invoice.reopened");
                }
                case InvoiceRefunded e -> {
                    data.setRefundAmountMicros(e.refundAmount().micros());
                    yield invoice(data, after, e.invoice(), version, "invoice.refunded");
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

    /** The id of the {@code index}-th published event (from 0) of a command. */
    static String eventId(io.abk.billing.schemas.avro.SubscriptionCommand envelope, int index) {
        return EventIds.of(envelope.getCommandId(), envelope.getRequestedAt(), index);
    }

    private static String invoice(EventData.Builder data, Existing after, Invoice invoice, long version, String type) {
        data.setInvoice(SnapshotMapper.invoice(invoiceIn(after, invoice), after.details(), version));
        return type;
    }

    /** The invoice as it stands after the command (a later event of the same command may have changed it). */
    private static Invoice invoiceIn(Existing after, Invoice invoice) {
        return after.details()
                .invoice(invoice.id())
                .orElseThrow(
                        () -> new IllegalStateException("invoice " + invoice.id() + " vanished from " + after.id()));
    }
}
