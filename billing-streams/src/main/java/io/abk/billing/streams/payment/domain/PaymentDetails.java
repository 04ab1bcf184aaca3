package io.abk.billing.streams.payment.domain;

import io.abk.billing.streams.shared.domain.ExistingState;
import io.abk.billing.streams.shared.domain.Tenant;
import java.time.Instant;
import org.jspecify.annotations.Nullable;

/**
 * What every payment has, whatever its status: its id and tenant, its terms, when it was created and expires, its
 * verification bookkeeping (never public), and the latest transfer authorization handed to the relayer, if any.
 */
public record PaymentDetails(
        String id,
        Tenant tenant,
        PaymentTerms terms,
        Instant createdAt,
        Instant expiresAt,
        Verifications verifications,
        @Nullable TransferAuthorization authorization)
        implements ExistingState.Details {

    public PaymentDetails {
        if (expiresAt.isBefore(createdAt)) {
            throw new IllegalArgumentException(
                    "payment " + id + " expires at " + expiresAt + ", before it was created");
        }
    }

    public PaymentDetails withVerifications(Verifications verifications) {
        return new PaymentDetails(id, tenant, terms, createdAt, expiresAt, verifications, authorization);
    }

    public PaymentDetails withAuthorization(TransferAuthorization authorization) {
        return new PaymentDetails(id, tenant, terms, createdAt, expiresAt, verifications, authorization);
    }
}
