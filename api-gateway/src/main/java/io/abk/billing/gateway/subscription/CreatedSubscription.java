package io.abk.billing.gateway.subscription;

import io.abk.billing.gateway.projection.CommandOutcome;
import io.abk.billing.gateway.web.ApiException;
import io.abk.billing.gateway.web.ErrorCodes;
import java.util.LinkedHashMap;
import java.util.Map;
import org.jspecify.annotations.Nullable;
import tools.jackson.databind.JsonNode;

/**
 * The answer to a create, from its command's outcome: 201 {@code {subscription, invoice, checkoutUrl}} built from
 * the snapshots the processor recorded, or the rejection as an error (404 for {@code resource_missing}, else 400).
 */
final class CreatedSubscription {

    private CreatedSubscription() {
    }

    static Map<String, Object> body(CommandOutcome outcome, String subscriptionId, String invoiceId, String checkoutBase) {
        if (!outcome.accepted()) {
            var code = outcome.rejectionCode() != null ? outcome.rejectionCode() : ErrorCodes.VALIDATION_ERROR;
            var message = outcome.rejectionMessage() != null ? outcome.rejectionMessage() : "The subscription could not be created";
            throw new ApiException(ErrorCodes.RESOURCE_MISSING.equals(code) ? 404 : 400, code, message);
        }
        var snapshots = ResourceJson.parse(outcome.snapshotsJson());
        var subscription = find(snapshots, "subscription", subscriptionId);
        var invoice = find(snapshots, "invoice", invoiceId);
        if (invoice == null) {
            invoice = find(snapshots, "invoice", null);
        }
        if (subscription == null || invoice == null) {
            // The processor accepted a create without the resources it must have made: a bug, not input.
            throw new IllegalStateException("accepted create of " + subscriptionId + " (command " + outcome.commandId()
                    + ") recorded without its subscription and invoice snapshots");
        }
        var body = new LinkedHashMap<String, Object>();
        body.put("subscription", subscription);
        body.put("invoice", invoice);
        body.put("checkoutUrl", checkoutBase + "/checkout/subscribe/" + subscriptionId);
        return body;
    }

    /** The snapshot of the given type and id ({@code null} id: the first of the type). */
    private static @Nullable JsonNode find(JsonNode snapshots, String type, @Nullable String id) {
        for (var snapshot : snapshots) {
            var object = snapshot.get("object");
            var snapshotId = snapshot.get("id");
            if (object != null && type.equals(object.stringValue())
                    && (id == null || snapshotId != null && id.equals(snapshotId.stringValue()))) {
                return snapshot;
            }
        }
        return null;
    }
}
