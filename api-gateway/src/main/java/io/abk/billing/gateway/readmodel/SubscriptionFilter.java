package io.abk.billing.gateway.readmodel;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/**
 * What a list of subscriptions is narrowed to, each part optional: a status, the merchant's reference (exact) and the
 * customer's wallet (any case). Each part is served by an index on (merchant, mode, part, id DESC): migrations V2 and
 * V17.
 *
 * @param wallet the wallet as given; it is compared lower-cased, as the index holds it
 */
public record SubscriptionFilter(
        @Nullable String status,
        @Nullable String merchantRef,
        @Nullable String wallet) {

    public static final SubscriptionFilter NONE = new SubscriptionFilter(null, null, null);

    public static SubscriptionFilter ofStatus(@Nullable String status) {
        return new SubscriptionFilter(status, null, null);
    }

    List<ResourceTable.Condition> conditions() {
        var conditions = new ArrayList<ResourceTable.Condition>();
        if (status != null) {
            conditions.add(new ResourceTable.Condition("status = :status", Map.of("status", status)));
        }
        if (merchantRef != null) {
            conditions.add(new ResourceTable.Condition(
                    "body ->> 'merchantRef' = :merchantRef", Map.of("merchantRef", merchantRef)));
        }
        if (wallet != null) {
            conditions.add(new ResourceTable.Condition(
                    "lower(body ->> 'walletAddress') = :wallet", Map.of("wallet", wallet.toLowerCase(Locale.ROOT))));
        }
        return conditions;
    }
}
