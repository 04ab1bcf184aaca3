package io.abk.billing.gateway.api.subscription;

import io.abk.billing.gateway.command.Rejections;
import io.abk.billing.gateway.readmodel.Snapshots;
import io.abk.billing.gateway.readmodel.projection.CommandOutcome;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The answer to a create, from its command's outcome: 201 {@code {subscription, invoice, checkoutUrl}} built from
 * the snapshots the processor recorded, or the rejection as an error (404 for {@code resource_missing}, else 400).
 */
final class CreatedSubscription {

    private CreatedSubscription() {}

    static Map<String, Object> body(CommandOutcome outcome, String checkoutBase) {
        Rejections.throwIfRejected(outcome);
        var subscriptionId = outcome.aggregateId();
        var subscription = Snapshots.find(List.of(outcome), "subscription", subscriptionId);
        // A create makes one invoice, the first of its subscription.
        var invoice = Snapshots.first(outcome, "invoice");
        if (subscription.isEmpty() || invoice.isEmpty()) {
            // The processor accepted a create without the resources it must have made: a bug, not input.
            throw new IllegalStateException("accepted create of " + subscriptionId + " (command " + outcome.commandId()
                    + ") recorded without its subscription and invoice snapshots");
        }
        var body = new LinkedHashMap<String, Object>();
        body.put("subscription", subscription.get());
        body.put("invoice", invoice.get());
        body.put("checkoutUrl", checkoutBase + "/checkout/subscribe/" + subscriptionId);
        return body;
    }
}
