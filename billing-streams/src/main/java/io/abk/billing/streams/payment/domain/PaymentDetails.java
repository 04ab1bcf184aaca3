package io.abk.billing.streams.payment.domain;

import io.abk.billing.schemas.ids.CustomerIds;
import io.abk.billing.streams.shared.domain.ExistingState;
import io.abk.billing.streams.shared.domain.Tenant;
import java.time.Instant;
import org.jspecify.annotations.Nullable;

/**
 * What every payment has, whatever its status: its id and tenant, its terms, when it was created and expires, its
 * verification bookkeeping (never public), the latest transfer authorization handed to the relayer, if any, and its
 * customer ({@code customerId}): the customer of its wallet, or, for a payment created without one, of the wallet
 * the checkout or the chain first named as its payer; null until one is known.
 */
public record PaymentDetails(
        String id,
        Tenant tenant,
        PaymentTerms terms,
        Instant createdAt,
        Instant expiresAt,
        Verifications verifications,
        @Nullable TransferAuthorization authorization,
        @Nullable String customerId)
        implements ExistingState.Details {

    public PaymentDetails {
        if (expiresAt.isBefore(createdAt)) {
            throw new IllegalArgumentException(
                    "payment " + id + " expires at " + expiresAt + ", before it was created");
        }
    }

    public PaymentDetails withVerifications(Verifications verifications) {
        return new PaymentDetails(id, tenant, terms, createdAt, expiresAt, verifications, authorization, customerId);
    }

    public PaymentDetails withAuthorization(TransferAuthorization authorization) {
        return new PaymentDetails(id, tenant, terms, createdAt, expiresAt, verifications, authorization, customerId);
    }

    public PaymentDetails withCustomerId(String customerId) {
        return new PaymentDetails(id, tenant, terms, createdAt, expiresAt, verifications, authorization, customerId);
    }

    /** The customer of {@code wallet} at {@code tenant} ({@link CustomerIds}); null without a wallet. */
    public static @Nullable String customerOf(Tenant tenant, @Nullable String wallet) {
        return wallet == null || wallet.isBlank()
                ? null
                : CustomerIds.of(tenant.merchantId(), tenant.mode().label(), wallet);
    }
}
