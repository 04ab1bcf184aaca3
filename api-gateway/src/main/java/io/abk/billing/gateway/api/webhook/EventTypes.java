package io.abk.billing.gateway.api.webhook;

import io.abk.billing.gateway.platform.json.RequestFields;
import io.abk.billing.gateway.platform.web.ApiException;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * The event types an endpoint can subscribe to (docs/architecture.md, "Webhooks"; the funding events under "Funding
 * checks"), and {@code *} for all of them.
 */
public final class EventTypes {

    public static final String ALL = "*";

    public static final Set<String> KNOWN = Set.of(
            "subscription.created",
            "subscription.activated",
            "subscription.updated",
            "subscription.past_due",
            "subscription.canceled",
            "subscription.paused",
            "subscription.resumed",
            "subscription.allowance_low",
            "invoice.upcoming",
            "invoice.created",
            "invoice.finalized",
            "invoice.paid",
            "invoice.payment_failed",
            "invoice.refunded",
            "invoice.voided",
            "invoice.reopened",
            "payment.created",
            "payment.paid",
            "payment.confirmed",
            "payment.reopened",
            "customer.created",
            "customer.updated",
            "coupon.created",
            "coupon.updated",
            "promotion_code.created",
            "promotion_code.updated");

    private EventTypes() {}

    /**
     * The {@code enabledEvents} field: an array of known types or {@code *}, duplicates dropped. Empty or
     * containing {@code *} reads as "all", stored as the empty list. Absent is empty.
     */
    public static Optional<List<String>> parse(RequestFields fields, String field) {
        return fields.optionalStringList(field, KNOWN.size() + 1, 100).map(given -> {
            var types = new LinkedHashSet<String>();
            for (int i = 0; i < given.size(); i++) {
                var type = given.get(i);
                if (!type.equals(ALL) && !KNOWN.contains(type)) {
                    throw ApiException.invalid(
                            fields.param(field),
                            fields.param(field) + "[" + i + "] '" + type + "' is not an event type; use '*' or one of "
                                    + String.join(", ", KNOWN.stream().sorted().toList()));
                }
                types.add(type);
            }
            return types.contains(ALL) ? List.of() : List.copyOf(types);
        });
    }
}
