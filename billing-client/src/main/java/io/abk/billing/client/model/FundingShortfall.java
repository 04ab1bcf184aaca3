package io.abk.billing.client.model;

import java.math.BigDecimal;
import org.jspecify.annotations.Nullable;

/**
 * What keeps an upcoming renewal from being charged as the chain stands ({@code invoice.upcoming}): the USDC the
 * wallet's balance or its allowance lacks (null when enough or not known), or a signed mandate with no charge left.
 */
public record FundingShortfall(
        @Nullable BigDecimal balanceShortUsdc, @Nullable BigDecimal allowanceShortUsdc, boolean mandateExhausted) {}
