package io.abk.billing.contracts;

import java.math.BigInteger;

/**
 * The arguments of one vault charge: the subscription's {@link SubscriptionRef}, the amount in token base units, and
 * the invoice's {@link ChargeId}. {@link SubscriptionVaultAbi#chargeBatch} takes a list of them.
 */
public record ChargeCall(String ref, BigInteger amount, String chargeId) {}
