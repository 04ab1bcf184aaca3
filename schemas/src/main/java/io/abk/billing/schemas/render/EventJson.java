package io.abk.billing.schemas.render;

import io.abk.billing.schemas.avro.BillingEvent;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import org.jspecify.annotations.Nullable;

/**
 * Renders a {@link BillingEvent} as the webhook payload and the event API show it (docs/architecture.md, "Webhooks"):
 * {@code {id, type, createdAt, mode, data}}, {@code data} holding the snapshots as the API renders them.
 * {@code subscription.*} carries {@code {subscription}}; {@code invoice.*} {@code {invoice, subscription}}, plus
 * {@code failureCode} and {@code failureMessage} for {@code invoice.payment_failed} and {@code invoice.reopened}
 * and {@code refundAmountUsdc} for {@code invoice.refunded}; {@code payment.*} {@code {payment}}, plus
 * {@code failureCode} and {@code failureMessage} for {@code payment.reopened}.
 */
public final class EventJson {

    /** The event types whose data says why: a charge that failed, a payment that left the chain. */
    private static final Set<String> WITH_FAILURE =
            Set.of("invoice.payment_failed", "invoice.reopened", "payment.reopened");

    private EventJson() {}

    public static Map<String, @Nullable Object> event(BillingEvent event) {
        var json = new LinkedHashMap<String, @Nullable Object>();
        json.put("id", event.getEventId());
        json.put("type", event.getType());
        json.put("createdAt", ApiJson.timestamp(event.getCreatedAt()));
        json.put("mode", ApiJson.mode(event.getMode()));
        json.put("data", data(event));
        return json;
    }

    private static Map<String, @Nullable Object> data(BillingEvent event) {
        var source = event.getData();
        var data = new LinkedHashMap<String, @Nullable Object>();
        if (source.getInvoice() != null) {
            data.put("invoice", ApiJson.invoice(source.getInvoice()));
        }
        if (source.getSubscription() != null) {
            data.put("subscription", ApiJson.subscription(source.getSubscription()));
        }
        if (source.getPayment() != null) {
            data.put("payment", ApiJson.payment(source.getPayment()));
        }
        if (WITH_FAILURE.contains(event.getType())) {
            data.put("failureCode", source.getFailureCode());
            data.put("failureMessage", source.getFailureMessage());
        }
        if (event.getType().equals("invoice.refunded")) {
            var refunded = source.getRefundAmountMicros();
            data.put("refundAmountUsdc", refunded == null ? null : ApiJson.amount(refunded));
        }
        return data;
    }
}
