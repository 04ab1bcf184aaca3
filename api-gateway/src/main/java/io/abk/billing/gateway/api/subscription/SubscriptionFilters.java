package io.abk.billing.gateway.api.subscription;

import io.abk.billing.contracts.NetworkSettings;
import io.abk.billing.gateway.platform.web.ApiException;
import io.abk.billing.gateway.platform.web.ListFilters;
import io.abk.billing.gateway.readmodel.SubscriptionFilter;
import io.abk.billing.schemas.ids.IdPrefix;
import org.jspecify.annotations.Nullable;
import org.springframework.util.MultiValueMap;

/**
 * The filters of a list of subscriptions, read from a query: {@code status}, {@code merchantRef} (exact, as it was
 * given at creation), {@code customerWallet} (an EVM address in any case) and {@code customerId} (a {@code cus_} id);
 * each absent or valid, else 400 {@code validation_error} naming it.
 */
public final class SubscriptionFilters {

    private SubscriptionFilters() {}

    public static SubscriptionFilter from(MultiValueMap<String, String> query) {
        return new SubscriptionFilter(
                ListFilters.status(query, SubscriptionStatuses.ALL),
                merchantRef("merchantRef", query.getFirst("merchantRef")),
                wallet("customerWallet", query.getFirst("customerWallet")));
    }

    /** The {@code customerId} to look for: null when absent, else a well-formed customer id, else 400 naming it. */
    public static @Nullable String customerId(MultiValueMap<String, String> query) {
        return ListFilters.id(query, "customerId", IdPrefix.CUSTOMER);
    }

    /** A merchant reference to look for: 1-255 characters, as creation accepts; else 400 naming {@code param}. */
    public static @Nullable String merchantRef(String param, @Nullable String value) {
        if (value != null && (value.isEmpty() || value.length() > CreateSubscriptionRequest.MAX_REF_LENGTH)) {
            throw ApiException.invalid(
                    param, param + " must be 1 to " + CreateSubscriptionRequest.MAX_REF_LENGTH + " characters");
        }
        return value;
    }

    /** A wallet to look for: {@code 0x} and 40 hexadecimal digits in any case; else 400 naming {@code param}. */
    public static @Nullable String wallet(String param, @Nullable String value) {
        if (value != null && !NetworkSettings.isAddress(value)) {
            throw ApiException.invalid(param, param + " must be an EVM address: 0x followed by 40 hexadecimal digits");
        }
        return value;
    }
}
