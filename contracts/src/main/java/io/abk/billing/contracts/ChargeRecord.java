package io.abk.billing.contracts;

/**
 * What the vault remembers of a charge id ({@code chargeOf}): the subscription and period it paid and the block it
 * was mined in. A charge id never used reads as {@code exists = false} with zero fields.
 */
public record ChargeRecord(String ref, long periodIndex, long blockNumber, boolean exists) {}
