package io.abk.billing.streams.subscription.domain;

import io.abk.billing.schemas.render.ApiNamed;
import org.jspecify.annotations.Nullable;

/**
 * What a change of a subscription's amount does to the period under way (docs/architecture.md, "Plan changes and
 * proration"): its proration lines wait for the next invoice ({@code create_prorations}, the default), are invoiced
 * at once ({@code always_invoice}), or are not made ({@code none}).
 */
public enum ProrationBehavior implements ApiNamed {
    CREATE_PRORATIONS,
    ALWAYS_INVOICE,
    NONE;

    /** The behavior named {@code apiName}, the default when null; anything else is a bug upstream. */
    public static ProrationBehavior fromApiName(@Nullable String apiName) {
        return apiName == null
                ? CREATE_PRORATIONS
                : ApiNamed.parse(ProrationBehavior.class, apiName, "unknown proration behavior: ");
    }
}
