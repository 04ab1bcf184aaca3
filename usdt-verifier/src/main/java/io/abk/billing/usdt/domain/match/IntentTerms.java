package io.abk.billing.usdt.domain.match;

import io.abk.billing.usdt.domain.money.UsdtAmount;

/**
 * What a transaction must do to pay an intent: move {@code amount} of the token to {@code payToAddress} (0x and 40
 * lower-case hex digits), as close as {@code strategy} demands.
 */
public record IntentTerms(UsdtAmount amount, String payToAddress, MatchStrategy strategy) {}
