package io.abk.billing.streams.payment.domain;

import io.abk.billing.schemas.money.UsdcAmount;
import java.time.Instant;

/**
 * How a payment was paid: when (the verification's time), by which transaction, how much arrived (an overpayment
 * is accepted and recorded as is) and whether it arrived after the payment expired.
 */
public record Receipt(Instant paidAt, String txHash, UsdcAmount amountReceived, boolean paidLate) {}
