package io.abk.billing.streams.customer.domain;

import io.abk.billing.streams.shared.domain.ExistingState;
import io.abk.billing.streams.shared.domain.Tenant;
import java.time.Instant;
import java.util.Locale;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/**
 * What a customer is: its id, tenant and wallet (lower case; neither ever changes), the email, name and metadata the
 * merchant (or a checkout) gave, and when it was created and last changed.
 */
public record CustomerDetails(
        String id,
        Tenant tenant,
        String wallet,
        @Nullable String email,
        @Nullable String name,
        Map<String, String> metadata,
        Instant createdAt,
        Instant updatedAt)
        implements ExistingState.Details {

    public CustomerDetails {
        if (!wallet.equals(wallet.toLowerCase(Locale.ROOT))) {
            throw new IllegalArgumentException("customer " + id + ": the wallet is stored lower case, was " + wallet);
        }
        if (updatedAt.isBefore(createdAt)) {
            throw new IllegalArgumentException(
                    "customer " + id + " was updated at " + updatedAt + ", before it was created at " + createdAt);
        }
        metadata = Map.copyOf(metadata);
    }

    /** The same customer with other email, name and metadata, changed at {@code at}. */
    public CustomerDetails with(
            @Nullable String email, @Nullable String name, Map<String, String> metadata, Instant at) {
        return new CustomerDetails(id, tenant, wallet, email, name, metadata, createdAt, at);
    }
}
