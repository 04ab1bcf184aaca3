package io.abk.billing.gateway.readmodel;

import io.abk.billing.gateway.controlplane.clock.EffectiveClock;
import io.abk.billing.gateway.readmodel.projection.ProjectedResources;
import io.abk.billing.schemas.ids.IdPrefix;
import org.springframework.r2dbc.core.DatabaseClient;
import org.springframework.stereotype.Component;

/**
 * Reads payment links from the read model ({@link ExpiringReadModel}): an active link past its {@code expiresAt}
 * reads {@code expired}; a link that never expires has none.
 */
@Component
public final class PaymentLinkReadModel extends ExpiringReadModel {

    public PaymentLinkReadModel(DatabaseClient db, ProjectedResources projected, EffectiveClock clock) {
        super(
                new ResourceTable(db, projected, "payment_links", IdPrefix.PAYMENT_LINK),
                clock,
                "active",
                "(expires_at IS NULL OR expires_at > :now)");
    }
}
