package io.abk.billing.contracts;

/**
 * What the vault remembers of a charge id ({@code chargeOf}): the period it paid and the block it was mined in, whose
 * {@code Charged} log names the subscription and the transaction. A charge id never used reads as
 * {@code exists = false} with zero fields.
 */
public record ChargeRecord(long periodIndex, long blockNumber, boolean exists) {}
