package io.abk.billing.client.model;

import org.jspecify.annotations.Nullable;

/**
 * How the first charge of an activation went.
 */
public record ChargeSummary(
        boolean ok,
        @Nullable String failureCode,
        @Nullable String failureMessage,
        @Nullable String txHash) {}
