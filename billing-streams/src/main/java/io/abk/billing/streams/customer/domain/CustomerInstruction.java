package io.abk.billing.streams.customer.domain;

import io.abk.billing.streams.shared.domain.Tenant;
import java.time.Instant;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/**
 * What a customer aggregate can be asked to do. Each command carries {@code requestedAt} (the decider's only clock)
 * and its {@link Tenant}: an update must name the customer's own merchant and mode. The customer's id is derived from
 * the tenant and the wallet, so a create and an ensure of one wallet name the same aggregate.
 */
public sealed interface CustomerInstruction {

    String customerId();

    Tenant tenant();

    Instant requestedAt();

    /** Create the customer of {@code wallet} (the API's create): refused when the wallet has one already. */
    record Create(
            String customerId,
            Tenant tenant,
            Instant requestedAt,
            String wallet,
            @Nullable String email,
            @Nullable String name,
            Map<String, String> metadata)
            implements CustomerInstruction {
        public Create {
            metadata = Map.copyOf(metadata);
        }
    }

    /**
     * Make sure {@code wallet} has a customer (a subscription or payment learnt it): create it, with {@code email} if
     * given, when absent; nothing when present.
     */
    record Ensure(
            String customerId,
            Tenant tenant,
            Instant requestedAt,
            String wallet,
            @Nullable String email) implements CustomerInstruction {}

    /**
     * Change email, name or metadata: a null email or name is unchanged, an empty one clears it; {@code metadata} is
     * merged key by key, an empty value removing its key.
     */
    record Update(
            String customerId,
            Tenant tenant,
            Instant requestedAt,
            @Nullable String email,
            @Nullable String name,
            Map<String, String> metadata)
            implements CustomerInstruction {
        public Update {
            metadata = Map.copyOf(metadata);
        }
    }
}
