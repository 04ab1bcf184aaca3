package io.abk.billing.client.model;

import org.jspecify.annotations.Nullable;

/**
 * The API's {@code Activation} object.
 */
public record Activation(
        Subscription subscription,
        @Nullable Invoice invoice,
        @Nullable ChargeSummary charge) {}
