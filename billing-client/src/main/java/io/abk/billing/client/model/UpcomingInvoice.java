package io.abk.billing.client.model;

import java.math.BigDecimal;
import java.time.Instant;

/**
 * The renewal an {@code invoice.upcoming} event announces: what the subscription will charge at {@code dueAt} (the end
 * of its current period) for the period from {@code periodStart} to {@code periodEnd}; no invoice exists for it yet.
 */
public record UpcomingInvoice(BigDecimal amountUsdc, Instant periodStart, Instant periodEnd, Instant dueAt) {}
