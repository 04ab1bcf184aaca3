package io.abk.billing.client.model;

import java.math.BigDecimal;
import java.time.Instant;

/**
 * One line of an invoice: what it charges, or takes off, for the period from {@code periodStart} to
 * {@code periodEnd}. {@code kind} is {@code subscription}, {@code proration}, {@code discount} or {@code usage}, a
 * string like every other value set of the API so that a kind the library does not know still reads.
 * {@code amountUsdc} is {@code quantity} times {@code unitAmountUsdc}, negative for a discount or a credit.
 */
public record InvoiceLine(
        String kind,
        String description,
        Instant periodStart,
        Instant periodEnd,
        long quantity,
        BigDecimal unitAmountUsdc,
        BigDecimal amountUsdc) {}
