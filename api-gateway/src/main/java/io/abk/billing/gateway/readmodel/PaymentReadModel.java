package io.abk.billing.gateway.readmodel;

import io.abk.billing.gateway.controlplane.clock.EffectiveClock;
import io.abk.billing.gateway.readmodel.projection.ProjectedResources;
import io.abk.billing.schemas.ids.IdPrefix;
import org.springframework.r2dbc.core.DatabaseClient;
import org.springframework.stereotype.Component;

/**
 * Reads one-time payments from the read model ({@link ExpiringReadModel}): an open payment past its expiry reads
 * {@code expired}.
 */
@Component
public final class PaymentReadModel extends ExpiringReadModel {

    public PaymentReadModel(DatabaseClient db, ProjectedResources projected, EffectiveClock clock) {
        super(new ResourceTable(db, projected, "payments", IdPrefix.PAYMENT), clock, "open", "expires_at > :now");
    }
}
