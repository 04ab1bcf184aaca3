package io.abk.billing.chain.domain.funding;

import io.abk.billing.schemas.mode.Mode;
import org.jspecify.annotations.Nullable;

/**
 * A funding check as the decision sees it: read what the customer's wallet holds and allows the vault before a
 * renewal. {@code requestId} is {@code subscriptionId:funding:<periodEnd in epoch seconds>}.
 *
 * @param sandboxOutcome the subscription's {@code metadata.sandboxRenewalOutcome}, or null
 */
public record FundingCheck(
        String requestId, Mode mode, @Nullable String sandboxOutcome) {}
