package io.abk.billing.client.model;

import java.math.BigDecimal;
import org.jspecify.annotations.Nullable;

/**
 * One graduated tier of a metered price: the units of a period up to {@code upTo} (null for the last tier) cost
 * {@code unitAmountUsdc} each, plus {@code flatAmountUsdc} once when any unit falls in the tier. Amounts are exact.
 */
public record PriceTier(@Nullable Long upTo, BigDecimal unitAmountUsdc, BigDecimal flatAmountUsdc) {}
